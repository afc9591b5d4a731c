import { login } from '../../../../shared/contract/identity/login';
import { handlers } from '../../../platform/handlers';
import { presentUser } from '../presenters/user';
import { findSessionUser, revokeSession, runSignOutHooks } from '../services/sessions';
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
    if (!token) return { status: 'OK' };
    const user = token === ctx.token ? ctx.user : await findSessionUser(ctx.db, { siteId: ctx.site.id, token });
    await revokeSession(ctx.db, { siteId: ctx.site.id, token });
    // Her own session's end ends what hangs on her (the view-as sessions she opened); a view-as session never gets
    // here (it is read-only), but would end alone.
    if (user && !user.viewer_id) await runSignOutHooks(ctx.db, { siteId: ctx.site.id, userId: user.id });
    return { status: 'OK' };
  },
});
