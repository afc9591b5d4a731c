import { plans } from '../../../shared/domain/site/plans';
import { type Db, lockedForUpdate } from '../db';
import { AppError } from '../errors';
import { assertTrialOpen, planOf } from '../plans';

const MB = 1024 * 1024;

/** The bytes a site on `plan` may store; null when its plan sets no limit. */
export function storageLimitBytes(plan: string): number | null {
  const mb = plans[planOf(plan)].limits.storageMb;
  return mb === null ? null : mb * MB;
}

/**
 * Refuses with STORAGE_FULL a medium of `adding` bytes that would take the site past its plan's storage. Asked
 * before the file is stored (nothing is written for a refused upload), and again with `lock` inside the
 * transaction that inserts the medium's row: the site's row stays locked until that commits, so two uploads at
 * once cannot both take the last of the room. `sites.storage_bytes` is kept by triggers on `media_files`. A site
 * whose trial has ended stores nothing more (TRIAL_ENDED).
 */
export async function assertStorageRoom(db: Db, opts: { siteId: number; adding: number; lock?: boolean }) {
  const query = db.selectFrom('sites').select(['plan', 'storage_bytes', 'trial_ends_at']).where('id', '=', opts.siteId);
  const site = await (opts.lock ? lockedForUpdate(db, query) : query).executeTakeFirstOrThrow();
  assertTrialOpen(site);
  const limit = storageLimitBytes(site.plan);
  if (limit !== null && Number(site.storage_bytes) + opts.adding > limit) {
    const limitMb = limit / MB;
    throw new AppError('STORAGE_FULL', `The site's storage is full: its plan allows ${limitMb} MB`, {
      limit_mb: limitMb,
      used_bytes: Number(site.storage_bytes),
    });
  }
}
