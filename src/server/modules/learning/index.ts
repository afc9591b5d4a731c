/**
 * The learning module: courses as a learner sees them, access, progress, xp, achievements, certificates, resources
 * and free lessons. Other modules import only this: it is the one way to read or change a learner's access and
 * progress.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { achievementsHandlers } from './api/achievements';
import { certificatesHandlers } from './api/certificates';
import { courseHandlers } from './api/course';
import { courseProgressHandlers } from './api/courseProgress';
import { resourcesHandlers } from './api/resources';

export const handlers = {
  'course.php': courseHandlers,
  'course_progress.php': courseProgressHandlers,
  'achievements.php': achievementsHandlers,
  'certificates.php': certificatesHandlers,
  'resources.php': resourcesHandlers,
} satisfies ModuleHandlers;

export { seesCourseAsStaff, visibleToLearner } from './policies/course';
export { blockVisibleToLearner } from './queries/visibility';
export {
  courseAccessFlag,
  extendCourseAccess,
  grantCourseAccess,
  hasCourseAccess,
  loadCourseForViewer,
  type PriorAccess,
  restoreCourseAccess,
  revokeCourseAccess,
} from './services/courseAccess';
export { courseRefs } from './services/courseRefs';
export { blocksOfCourse, partsOfCourse } from './services/courseStructure';
export { type CourseOutline, courseOutlines, coursesHeld } from './services/outlines';
export { completeReviewedPart, passExerciseBlock, resetTestAttempts } from './services/progress';
export { addLearnerXp } from './services/xp';
