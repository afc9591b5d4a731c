export const news = {
  title: '',
};
