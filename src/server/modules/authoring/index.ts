/**
 * The authoring module: making and changing courses (/Courses, course settings). Other modules import only this.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { courseManagerHandlers } from './api/courses';

export const handlers = {
  'course_manager.php': courseManagerHandlers,
} satisfies ModuleHandlers;
