import type { news as en } from '../en/news';
import type { Translation } from '../types';

export const news: Translation<typeof en> = {
  title: '',
};
