import { profile } from '../../../../shared/contract/identity/profile';
import { callerNamed, handlers, signedInUser } from '../../../platform/handlers';
import { presentProfile } from '../presenters/user';
import { requestEmailChange } from '../services/accounts';
import { deleteAccount } from '../services/deletion';
import { exportMyData } from '../services/myData';
import { getProfile, setLanguage, updateProfile } from '../services/profile';

export const profileHandlers = handlers(profile, {
  async get_profile(ctx, data) {
    return { status: 'OK', data: presentProfile(await getProfile(ctx.db, callerNamed(ctx, data.UserId))) };
  },
  async update_profile(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    return {
      status: 'OK',
      data: presentProfile(
        await updateProfile(ctx.db, {
          user,
          firstName: data.FirstName,
          lastName: data.LastName,
          collectXp: data.CollectXp,
        }),
      ),
    };
  },
  async set_language(ctx, data) {
    const view = await setLanguage(ctx.db, { user: signedInUser(ctx), language: data.Language });
    return { status: 'OK', data: presentProfile(view) };
  },
  async request_email_change(ctx, data) {
    const user = signedInUser(ctx);
    await requestEmailChange(
      { db: ctx.db, config: ctx.config, mailer: ctx.mailer, siteId: ctx.site.id, locale: ctx.locale, ip: ctx.ip },
      { user, email: data.email, password: data.password },
    );
    return { status: 'OK', data: presentProfile(await getProfile(ctx.db, user)) };
  },
  async export_data(ctx) {
    return { status: 'OK', data: await exportMyData(ctx.db, signedInUser(ctx)) };
  },
  async delete_account(ctx, data) {
    await deleteAccount(ctx.db, { config: ctx.config, user: signedInUser(ctx), password: data.password, ip: ctx.ip });
    return { status: 'OK' };
  },
});
