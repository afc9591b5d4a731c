/**
 * The authoring module: making and changing courses — /Courses and course settings, the edit lock, the course's
 * version that every authoring write names, and the parts of a course. Other modules import only this.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { courseAdminHandlers } from './api/courseAdmin';
import { courseLockHandlers } from './api/courseLock';
import { courseImportHandlers, courseTransferHandlers } from './api/courseTransfer';

export { registerTransferRoutes } from './api/courseTransfer';

import { courseManagerHandlers } from './api/courses';

export const handlers = {
  'course_admin.php': courseAdminHandlers,
  'course_lock.php': courseLockHandlers,
  'course_transfer.php': courseTransferHandlers,
  'course_import.php': courseImportHandlers,
  'course_manager.php': courseManagerHandlers,
} satisfies ModuleHandlers;

export { uploadCourseMedia } from './services/media';
