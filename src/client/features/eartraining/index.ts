import { lazy } from 'react';

/**
 * What other features use of ear training, each loaded when first drawn (with the ear-training texts): a course's
 * ear-training block runs an exercise with `CourseExercise`; its editor edits the block's settings with
 * `SettingsFields`.
 */
export const CourseExercise = lazy(() => import('./CourseExercise').then((m) => ({ default: m.CourseExercise })));
export const SettingsFields = lazy(() =>
  import('./Exercise/SettingsFields').then((m) => ({ default: m.SettingsFields })),
);
export type { CourseRound, SavedRound } from './useRound';
