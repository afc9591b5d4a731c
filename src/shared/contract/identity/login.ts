import { z } from 'zod';
import { call, email, endpoint, ok, password, UserData } from '../define';

export const login = endpoint('login.php', {
  sign_in: call({
    access: 'public',
    openInMaintenance: true,
    data: z.object({ email, password }),
    answer: z.object({ status: ok, token: z.string(), data: UserData }),
  }),
  sign_out: call({
    access: 'public',
    openInMaintenance: true,
    data: z.object({ token: z.string().max(200).optional() }),
    answer: z.object({ status: ok }),
  }),
});
