import { type Db, now } from '../../../platform/db';
import { getById } from '../../../platform/db/lookups';

/**
 * The course's own footer coach text replaces the default one from now on (spec §7 `addFooterCoachText`). What
 * `get_course` presents changes, so the course moves to its next version, as every authoring change does.
 */
export async function turnOnFooterCoachText(
  db: Db,
  opts: { siteId: number; userId: number; courseId: number },
): Promise<void> {
  await getById(db, 'courses', opts.siteId, opts.courseId, 'No such course');
  const at = now();
  await db
    .updateTable('courses')
    .set((eb) => ({
      footer_use_custom_text: 1,
      version: eb('version', '+', 1),
      version_user_id: opts.userId,
      version_at: at,
      updated_at: at,
    }))
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.courseId)
    .execute();
}
