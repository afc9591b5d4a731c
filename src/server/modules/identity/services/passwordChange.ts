import { type Db, now } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { assertStrong } from './accounts';
import { withCurrentPassword } from './currentPassword';
import { hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';

/**
 * Sets a new password for the signed-in user, who gives her current one. Every other session of hers ends (a
 * thief's among them); the one she changed it from stays signed in.
 */
export async function changePassword(
  db: Db,
  opts: {
    user: SessionUser;
    token: string | null;
    ip: string;
    currentPassword: string;
    password: string;
    passwordRepeat: string;
  },
): Promise<void> {
  if (opts.password !== opts.passwordRepeat) throw new AppError('PASSWORDS_DIFFER', 'The passwords are not equal');
  const { user } = opts;
  await withCurrentPassword(db, { user, password: opts.currentPassword, ip: opts.ip }, async () => {
    assertStrong(opts.password, user.email, [user.first_name, user.last_name]);
    const passwordHash = await hashPassword(opts.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now() })
        .where('site_id', '=', user.site_id)
        .where('id', '=', user.id)
        .execute();
      await revokeAllSessions(trx, { siteId: user.site_id, userId: user.id, keepToken: opts.token });
    });
  });
}
