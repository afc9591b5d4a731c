export const pages = {
  title: '',
};
