import { type Db, now } from '../../../platform/db';
import { getById } from '../../../platform/db/lookups';

/** The course's own footer coach text replaces the default one from now on (spec §7 `addFooterCoachText`). */
export async function turnOnFooterCoachText(db: Db, opts: { siteId: number; courseId: number }): Promise<void> {
  await getById(db, 'courses', opts.siteId, opts.courseId, 'No such course');
  await db
    .updateTable('courses')
    .set({ footer_use_custom_text: 1, updated_at: now() })
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.courseId)
    .execute();
}
