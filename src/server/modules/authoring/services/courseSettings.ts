import type { CourseSettingsFields } from '../../../../shared/contract/authoring/courses';
import { type Db, now } from '../../../platform/db';
import { getById } from '../../../platform/db/lookups';
import { invalidFields } from '../../../platform/errors';
import { courseTranslationsJson } from '../domain/courseTranslations';
import { nextVersion } from '../queries';
import { type CourseChanges, coachIdsOf, replaceCoaches, staffOfSite, stateColumns } from './courses';
import { otherLanguages } from './partContent';

/** A course's row and coaches, and the site's staff who may coach it. */
export async function loadCourseSettings(db: Db, opts: { siteId: number; courseId: number }) {
  const course = await getById(db, 'courses', opts.siteId, opts.courseId, 'No such course');
  const [coachIds, staff] = await Promise.all([coachIdsOf(db, opts.siteId, course.id), staffOfSite(db, opts.siteId)]);
  return { course, coachIds, staff };
}

/**
 * Saves every setting of a course in one transaction, as its next version by `userId`; a coach who is not staff of
 * the site, or a translation into a language that is not one of the course's others, changes nothing.
 */
export async function saveCourseSettings(
  db: Db,
  opts: { siteId: number; userId: number; courseId: number; settings: CourseSettingsFields },
): Promise<void> {
  const { siteId, courseId, settings } = opts;
  const course = await getById(db, 'courses', siteId, courseId, 'No such course');
  const translations = settings.Translations;
  if (translations) {
    const allowed = otherLanguages(course.default_language);
    const foreign = Object.keys(translations).filter((language) => !allowed.includes(language));
    if (foreign.length > 0) {
      throw invalidFields(
        ...foreign.map((language) => ({
          field: `data.Settings.Translations.${language}`,
          message: `must be a language of the site other than the course's default (${allowed.join(', ') || 'none'})`,
        })),
      );
    }
  }
  const set: CourseChanges = {
    name: settings.Name,
    ...(settings.Description !== undefined ? { description: settings.Description } : {}),
    ...(translations ? { translations: courseTranslationsJson(translations) } : {}),
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
