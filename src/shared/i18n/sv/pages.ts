import type { pages as en } from '../en/pages';
import type { Translation } from '../types';

export const pages: Translation<typeof en> = {
  title: '',
};
