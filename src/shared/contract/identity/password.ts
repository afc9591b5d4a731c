import { z } from 'zod';
import { call, email, endpoint, ok, password } from '../define';

export const passwordReset = endpoint('password.php', {
  /** Answers the same whether or not the email belongs to an account. */
  request_reset: call({
    access: 'public',
    data: z.object({ email }),
    answer: z.object({ status: ok }),
  }),
  reset_password: call({
    access: 'public',
    data: z.object({ code: z.string().trim().min(1).max(200), password, password_repeat: password }),
    answer: z.object({ status: ok }),
  }),
  /**
   * Changes the signed-in user's password; needs the current one (FORBIDDEN with `reason: CURRENT_PASSWORD`
   * when it is wrong). Limited like a sign-in, since each try costs a hash. Signs out her other sessions.
   */
  change_password: call({
    access: 'user',
    data: z.object({ current_password: password, password, password_repeat: password }),
    answer: z.object({ status: ok }),
  }),
});
