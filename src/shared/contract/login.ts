import { z } from 'zod';
import { call, email, endpoint, ok, password, UserData } from './define';

/** Failed sign-ins allowed before a temporary lock, and how long it lasts. */
export const MAX_LOGIN_ATTEMPTS = 5;
export const TEMPORARY_LOCK_MINUTES = 15;
/** Temporary locks in a row before the account is locked until its password is reset. */
export const MAX_TEMPORARY_LOCKS = 3;

export const login = endpoint('login.php', {
  sign_in: call({
    access: 'public',
    data: z.object({ email, password }),
    answer: z.object({ status: ok, token: z.string(), data: UserData }),
  }),
  sign_out: call({
    access: 'public',
    data: z.object({ token: z.string().max(200).optional() }),
    answer: z.object({ status: ok }),
  }),
});
