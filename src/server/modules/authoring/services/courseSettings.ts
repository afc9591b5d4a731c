import type { CourseSettingsFields } from '../../../../shared/contract/authoring/courses';
import { type Db, now } from '../../../platform/db';
import { getById } from '../../../platform/db/lookups';
import { nextVersion } from '../queries';
import { type CourseChanges, coachIdsOf, replaceCoaches, staffOfSite, stateColumns } from './courses';

/** A course's row and coaches, and the site's staff who may coach it. */
export async function loadCourseSettings(db: Db, opts: { siteId: number; courseId: number }) {
  const course = await getById(db, 'courses', opts.siteId, opts.courseId, 'No such course');
  const [coachIds, staff] = await Promise.all([coachIdsOf(db, opts.siteId, course.id), staffOfSite(db, opts.siteId)]);
  return { course, coachIds, staff };
}

/**
 * Saves every setting of a course in one transaction, as its next version by `userId`; a coach who is not staff of
 * the site changes nothing.
 */
export async function saveCourseSettings(
  db: Db,
  opts: { siteId: number; userId: number; courseId: number; settings: CourseSettingsFields },
): Promise<void> {
  const { siteId, courseId, settings } = opts;
  await getById(db, 'courses', siteId, courseId, 'No such course');
  const set: CourseChanges = {
    name: settings.Name,
    ...stateColumns(settings.Status),
    progress_event: settings.ProgressEvent,
    xp_per_reward: settings.XpPerReward,
    certificate_enabled: settings.CertificateEnabled ? 1 : 0,
    // Expiry off means a certificate never expires: the period chosen before is not kept.
    certificate_validity_months: settings.CertificateExpires ? settings.CertificateValidityMonths : null,
    footer_coach_text: settings.FooterCoachText,
    footer_use_custom_text: settings.UseCustomFooterText ? 1 : 0,
    edit_inactivity_minutes: settings.InactivityMinutes,
  };
  await db.transaction().execute(async (trx) => {
    await replaceCoaches(trx, { siteId, courseId, coachIds: settings.CoachIds });
    await trx
      .updateTable('courses')
      .set((eb) => ({ ...set, ...nextVersion(eb, opts.userId, now()) }))
      .where('site_id', '=', siteId)
      .where('id', '=', courseId)
      .execute();
  });
}
