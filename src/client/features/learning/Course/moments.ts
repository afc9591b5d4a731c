import type { Achievement } from '../../../../shared/contract/learning/courseShapes';

/**
 * The moments a progress step may celebrate, shown one after the other in this order: the xp dialog, an
 * achievement, the course-finished celebration.
 */
export type Moment =
  | { kind: 'xp'; from: number; to: number }
  | { kind: 'achievement'; achievement: Achievement }
  | { kind: 'courseFinished'; courseName: string };

/** What a step (a reward, a video play, a passed test) answered, as far as celebrations go. */
export interface StepOutcome {
  /** The user's total xp after the step. */
  totalXp: number;
  /** Xp the step awarded; 0 when none. */
  earnedXp: number;
  achievement: Achievement | null;
  certificateGenerated: boolean;
  courseName: string;
}

/** The moments of one step: the count from the old to the new total, the achievement, the finished course. */
export function momentsOf(outcome: StepOutcome): Moment[] {
  const moments: Moment[] = [];
  if (outcome.earnedXp > 0) {
    moments.push({ kind: 'xp', from: Math.max(0, outcome.totalXp - outcome.earnedXp), to: outcome.totalXp });
  }
  if (outcome.achievement) moments.push({ kind: 'achievement', achievement: outcome.achievement });
  if (outcome.certificateGenerated) moments.push({ kind: 'courseFinished', courseName: outcome.courseName });
  return moments;
}
