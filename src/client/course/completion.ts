import type { CoursePart } from '../../shared/contract/courseShapes';

type PartState = Pick<CoursePart, 'VideoPlay' | 'ProgressCriteria' | 'Blocks'>;

/**
 * Whether the viewer has completed a part: its video or visit was recorded (VideoPlay 1), or, for a part
 * completed by a test, one of its tests is passed (a passed test does not set VideoPlay).
 */
export function isPartCompleted(part: PartState): boolean {
  if (part.VideoPlay === 1) return true;
  if (part.ProgressCriteria !== 'test') return false;
  return part.Blocks.some((block) => block.BlockType === 'Test' && block.Content.result?.passed === true);
}

/** Parts that count for progress (criteria other than `none`). */
export const countsForProgress = (part: Pick<CoursePart, 'ProgressCriteria'>) => part.ProgressCriteria !== 'none';

/** Where "Continue" leads: the first counted part in the learner's order she has not completed, else none. */
export function nextToDo<P extends PartState & { Id: number }>(partsInOrder: readonly P[]): P | null {
  return partsInOrder.find((part) => countsForProgress(part) && !isPartCompleted(part)) ?? null;
}

/** An episode completed by its video may be reset (spec §4), after a confirmation. */
export const canResetEpisode = (part: Pick<CoursePart, 'VideoPlay' | 'ProgressCriteria'>) =>
  part.VideoPlay === 1 && part.ProgressCriteria === 'video';
