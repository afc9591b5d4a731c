import { profile } from '../../../../shared/contract/identity/profile';
import { callerNamed, handlers } from '../../../platform/handlers';
import { presentProfile } from '../presenters/user';
import { getProfile, updateProfile } from '../services/profile';

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
});
