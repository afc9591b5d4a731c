import type { auth as en } from '../en/auth';
import type { Translation } from '../types';

export const auth: Translation<typeof en> = {
  title: '',
};
