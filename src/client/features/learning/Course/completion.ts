import type { CoursePart } from '../../../../shared/contract/learning/courseShapes';

type PartState = Pick<CoursePart, 'Completed' | 'ProgressCriteria'>;

/** Parts that count for progress (criteria other than `none`). */
export const countsForProgress = (part: Pick<CoursePart, 'ProgressCriteria'>) => part.ProgressCriteria !== 'none';

/** Where "Continue" leads: the first counted part in the learner's order she has not completed, else none. */
export function nextToDo<P extends PartState & { Id: number }>(partsInOrder: readonly P[]): P | null {
  return partsInOrder.find((part) => countsForProgress(part) && !part.Completed) ?? null;
}

/** An episode completed by its video may be reset (spec §4), after a confirmation. */
export const canResetEpisode = (part: Pick<CoursePart, 'VideoPlay' | 'ProgressCriteria'>) =>
  part.VideoPlay === 1 && part.ProgressCriteria === 'video';
