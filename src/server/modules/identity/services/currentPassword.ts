import { CURRENT_PASSWORD_FAILURES } from '../../../../shared/domain/identity/accounts';
import type { Db } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { giveBackToWindow, sourceOf, takeFromWindow, tooManyRequests } from '../../../platform/limits';
import { verifyPassword, withPasswordWork } from './passwords';

const BUCKET = 'current_password';

/**
 * Runs `work` once the signed-in user has given her current password (changing the password or the address,
 * deleting the account). A try is taken from her window before the hash runs, so racing tries cannot pass
 * CURRENT_PASSWORD_FAILURES, and given back when the password is right: only wrong ones count. A wrong one is
 * FORBIDDEN with `reason: CURRENT_PASSWORD` (not a 401, which would mean her session is dead).
 */
export async function withCurrentPassword<T>(
  db: Db,
  opts: { user: SessionUser; password: string; ip: string },
  work: () => Promise<T>,
): Promise<T> {
  const window = { siteId: opts.user.site_id, bucket: BUCKET, subject: String(opts.user.id) };
  return withPasswordWork(sourceOf(opts.ip), async () => {
    const take = await takeFromWindow(db, { ...window, ...CURRENT_PASSWORD_FAILURES });
    if (!take.ok) throw tooManyRequests(take.retryAfter, 'Too many wrong passwords');
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('site_id', '=', opts.user.site_id)
      .where('id', '=', opts.user.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(opts.password, row.password_hash))) {
      throw new AppError('FORBIDDEN', 'The current password is wrong', { reason: 'CURRENT_PASSWORD' });
    }
    await giveBackToWindow(db, window);
    return work();
  });
}
