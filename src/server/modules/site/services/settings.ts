import { type Db, now } from '../../../platform/db';
import type { Log } from '../../../platform/handlers';
import { forgetSite } from '../../../platform/sites';

/**
 * Switches a site's maintenance mode (spec §9). This process sees the change at once; other processes within
 * their site cache's few seconds (platform/sites.ts).
 */
export async function setMaintenance(
  db: Db,
  opts: { site: { id: number; name: string }; on: boolean; byUserId: number; log: Log },
): Promise<boolean> {
  await db
    .updateTable('sites')
    .set({ maintenance: opts.on ? 1 : 0, updated_at: now() })
    .where('id', '=', opts.site.id)
    .execute();
  forgetSite(db, opts.site.name);
  opts.log.info({ siteId: opts.site.id, userId: opts.byUserId, maintenance: opts.on }, 'maintenance mode switched');
  return opts.on;
}
