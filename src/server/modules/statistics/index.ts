/**
 * The statistics module (/statistics): learners, courses and their per-part funnel, engagement and sales, counted
 * from the platform's own tables for the staff (a coach sees the courses he coaches). Other modules import only this.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { statisticsHandlers } from './api/statistics';

export const handlers = {
  'statistics.php': statisticsHandlers,
} satisfies ModuleHandlers;

/** For signing in and the presence poll: a learner's activity of a day, which the learner figures count. */
export { activityPeriodsOf, recordActivity } from './services/activity';
