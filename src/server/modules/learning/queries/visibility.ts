import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../../platform/db/schema';

/**
 * The rules of policies/course.ts as query conditions, for the queries that count or list what a learner sees
 * (My courses' part counts, free lessons, course progress, the exams a review waits for) and what a learner holds.
 */

/** A part a learner sees at `at`: published, not for mentors only, its publish date reached (visibleToLearner). */
export const partVisibleToLearner = (at: string) => (eb: ExpressionBuilder<Database, 'course_parts'>) =>
  eb.and([
    eb('course_parts.published', '=', 1),
    eb('course_parts.mentor_only', '=', 0),
    eb.or([eb('course_parts.publish_date', 'is', null), eb('course_parts.publish_date', '<=', at)]),
  ]);

/** A block a learner sees (blocks have no publish date of their own). */
export const blockVisibleToLearner = (eb: ExpressionBuilder<Database, 'course_blocks'>) =>
  eb.and([eb('course_blocks.published', '=', 1), eb('course_blocks.mentor_only', '=', 0)]);

/** Access that is live at `at`: granted without an end, or ending later. */
export const liveAccess = (at: string) => (eb: ExpressionBuilder<Database, 'course_access'>) =>
  eb.or([eb('course_access.expires_at', 'is', null), eb('course_access.expires_at', '>', at)]);

/** A course a learner may open at `at`: published, not archived, and she holds live access to it. */
export const courseOpenToLearner =
  (siteId: number, userId: number, at: string) => (eb: ExpressionBuilder<Database, 'courses'>) =>
    eb.and([
      eb('courses.published', '=', 1),
      eb('courses.archived_at', 'is', null),
      eb.exists(
        eb
          .selectFrom('course_access')
          .select('course_access.id')
          .where('course_access.site_id', '=', siteId)
          .whereRef('course_access.course_id', '=', 'courses.id')
          .where('course_access.user_id', '=', userId)
          .where(liveAccess(at)),
      ),
    ]);
