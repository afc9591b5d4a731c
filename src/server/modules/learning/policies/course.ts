import { MIN_STAFF_PRIVILEGIES, staffTypes } from '../../../../shared/domain/roles';
import type { CoursePartRow, UserRow } from '../../../platform/db/schema';

/**
 * Staff (types 2 and 8 with privilegies above 50) see every course of their site as editors do: every part and
 * block, drafts and mentor-only ones marked, and the answers of quizzes and tests.
 */
export const seesCourseAsStaff = (user: UserRow): boolean =>
  staffTypes.includes(user.user_type) && user.privilegies > MIN_STAFF_PRIVILEGIES;

type Visibility = Pick<CoursePartRow, 'published' | 'mentor_only' | 'publish_date'>;

/** Whether a learner may see a part or block: published, not for mentors only, and its publish date reached. */
export const visibleToLearner = (row: Visibility, nowIso: string): boolean =>
  row.published === 1 && row.mentor_only === 0 && (row.publish_date === null || row.publish_date <= nowIso);
