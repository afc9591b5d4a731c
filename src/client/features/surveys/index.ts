import { lazy } from 'react';

/**
 * What other features use of the surveys: the survey a completed course asks its learners; a course's Survey block
 * answered in place (`SurveyView`, loaded when first drawn); the surveys its editor chooses from.
 */
export { useCourseSurvey, useSurveyChoices } from './queries';
export const SurveyView = lazy(() => import('./Answer/SurveyView').then((m) => ({ default: m.SurveyView })));
