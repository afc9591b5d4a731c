import type { Exercise } from '../../../shared/domain/eartraining/rounds';
import { appKeys } from '../../app/keys';

/**
 * The query keys of ear training. A learner's results live under the progress root: a round she finishes counts in
 * her xp, which the profile shows too.
 */
export const eartrainingKeys = {
  progress: (exercise: Exercise, userId: number) => [...appKeys.progress, 'eartraining', exercise, userId] as const,
  settings: (exercise: Exercise, userId: number) => ['eartraining', 'settings', exercise, userId] as const,
  /** The site's xp rules: the same for everyone. */
  xpRules: ['eartraining', 'xpRules'] as const,
};
