import { type Actor, action, can, isAdmin, isStaff } from '../../../platform/authorize';
import type { CoursePartRow } from '../../../platform/db/schema';

export const courseActions = {
  /**
   * Staff (types 2 and 8 with privilegies above 50) see every course of their site as editors do: every part and
   * block, drafts and mentor-only ones marked, and the answers of quizzes and tests.
   */
  viewAsStaff: action('Only staff see a course as its editors do', (actor) => isStaff(actor)),
  /** Administrators also see part ids and the free and mentor-only markers (spec §6). */
  seeAdminMarkers: action('Only administrators see the free and mentor-only markers', (actor) => isAdmin(actor)),
};

/** What a viewer may do with a course (get_course's `Abilities`). */
export const courseAbilities = (user: Actor) => ({
  viewAsStaff: seesCourseAsStaff(user),
  seeAdminMarkers: can(user, courseActions.seeAdminMarkers, undefined),
});

export const seesCourseAsStaff = (user: Actor): boolean => can(user, courseActions.viewAsStaff, undefined);

type Visibility = Pick<CoursePartRow, 'published' | 'mentor_only' | 'publish_date'>;

/** Whether a learner may see a part or block: published, not for mentors only, and its publish date reached. */
export const visibleToLearner = (row: Visibility, nowIso: string): boolean =>
  row.published === 1 && row.mentor_only === 0 && (row.publish_date === null || row.publish_date <= nowIso);
