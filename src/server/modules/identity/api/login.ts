import { login } from '../../../../shared/contract/identity/login';
import { handlers } from '../../../platform/handlers';
import { presentUser } from '../presenters/user';
import { revokeSession } from '../services/sessions';
import { signIn } from '../services/signIn';
import { companyNameOf } from '../services/users';

export const loginHandlers = handlers(login, {
  async sign_in(ctx, data) {
    const { token, user } = await signIn(ctx.db, {
      siteId: ctx.site.id,
      email: data.email,
      password: data.password,
      ip: ctx.ip,
    });
    return { status: 'OK', token, data: presentUser(user, await companyNameOf(ctx.db, user)) };
  },
  async sign_out(ctx, data) {
    const token = data.token ?? ctx.token;
    if (token) await revokeSession(ctx.db, { siteId: ctx.site.id, token });
    return { status: 'OK' };
  },
});
