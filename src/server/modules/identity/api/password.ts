import { passwordReset } from '../../../../shared/contract/identity/password';
import { handlers, signedInUser } from '../../../platform/handlers';
import { requestPasswordReset, resetPassword } from '../services/accounts';
import { changePassword } from '../services/passwordChange';

export const passwordHandlers = handlers(passwordReset, {
  async request_reset(ctx, data) {
    await requestPasswordReset(
      { db: ctx.db, config: ctx.config, mailer: ctx.mailer, siteId: ctx.site.id, locale: ctx.locale, ip: ctx.ip },
      data.email,
    );
    return { status: 'OK' };
  },
  async reset_password(ctx, data) {
    await resetPassword(
      { db: ctx.db, siteId: ctx.site.id, ip: ctx.ip },
      { code: data.code, password: data.password, passwordRepeat: data.password_repeat },
    );
    return { status: 'OK' };
  },
  async change_password(ctx, data) {
    await changePassword(ctx.db, {
      user: signedInUser(ctx),
      token: ctx.token,
      ip: ctx.ip,
      currentPassword: data.current_password,
      password: data.password,
      passwordRepeat: data.password_repeat,
    });
    return { status: 'OK' };
  },
});
