import { isAdminRole, MIN_STAFF_PRIVILEGIES, UserType } from '../../../../shared/domain/roles';
import type { Config } from '../../../platform/config';
import { type Db, lockedForUpdate } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { withCurrentPassword } from './currentPassword';
import { removeUpload } from './profile';

/**
 * Deletes the signed-in user's account ("delete my account", GDPR art. 17); she gives her password. Her row goes,
 * and with it, by the foreign keys, her sessions (she is signed out everywhere), codes, course access, progress,
 * xp, achievements, certificates, test answers, exams, the tasks about her and the messages she sent or received.
 * Her profile photo goes, row and file; so do the mails still queued to her address and the sign-in and rate-limit
 * counters kept under it. What the site keeps is its own: page text revisions she saved lose her name, tasks she
 * owned or completed lose her as owner. The last administrator of a site cannot delete herself
 * (INVALID_STATE, `reason: LAST_ADMIN`): nobody would be left to run it.
 */
export async function deleteAccount(
  db: Db,
  opts: { config: Config; user: SessionUser; password: string; ip: string },
): Promise<void> {
  const { user } = opts;
  await withCurrentPassword(db, { user, password: opts.password, ip: opts.ip }, async () => {
    const photos = await db.transaction().execute(async (trx) => {
      if (isAdminRole(user.user_type, user.privilegies)) {
        // The site's administrators, locked: two of the last two deleting themselves at once cannot both go.
        const admins = await lockedForUpdate(
          trx,
          trx
            .selectFrom('users')
            .select('id')
            .where('site_id', '=', user.site_id)
            .where('user_type', '=', UserType.admin)
            .where('privilegies', '>', MIN_STAFF_PRIVILEGIES),
        ).execute();
        if (!admins.some((admin) => admin.id !== user.id)) {
          throw new AppError('INVALID_STATE', 'The last administrator of a site cannot delete her account', {
            reason: 'LAST_ADMIN',
          });
        }
      }
      const avatars = await trx
        .deleteFrom('media_files')
        .where('site_id', '=', user.site_id)
        .where('owner_user_id', '=', user.id)
        .where('kind', '=', 'avatar')
        .returning('storage_name')
        .execute();
      await trx
        .deleteFrom('mail_outbox')
        .where('site_id', '=', user.site_id)
        .where('to_address', '=', user.email)
        .execute();
      await trx
        .deleteFrom('sign_in_attempts')
        .where('site_id', '=', user.site_id)
        .where('email', '=', user.email)
        .execute();
      await trx
        .deleteFrom('rate_limits')
        .where('site_id', '=', user.site_id)
        .where('subject', 'in', [user.email, String(user.id)])
        .execute();
      await trx.deleteFrom('users').where('site_id', '=', user.site_id).where('id', '=', user.id).execute();
      return avatars.map((avatar) => avatar.storage_name);
    });
    // After the commit, as when a photo is replaced: a file no row names is never served.
    for (const photo of photos) await removeUpload(opts.config, user.site_id, photo);
  });
}
