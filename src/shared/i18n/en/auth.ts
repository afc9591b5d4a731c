export const auth = {
  title: '',
};
