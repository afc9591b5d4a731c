import type { Answer } from '../../../shared/domain/eartraining/practice';
import type { Exercise } from '../../../shared/domain/eartraining/rounds';
import type { ExerciseSettings } from '../../../shared/domain/eartraining/settings';
import { KeyboardIntervals } from './Exercise/KeyboardIntervals';
import { NameTheInterval } from './Exercise/NameTheInterval';
import { useProgress } from './progress';
import type { CourseRound } from './useRound';

/**
 * An exercise as a course's ear-training block runs it: the block's settings, the learner's practice, and each
 * finished round stored for the block (which may pass it and complete its part).
 */
export function CourseExercise({
  exercise,
  settings,
  course,
}: {
  exercise: Exercise;
  settings: ExerciseSettings;
  /** A course page's block; practice elsewhere (a free lesson, the editor's preview). */
  course: CourseRound | undefined;
}) {
  const progress = useProgress(exercise);
  if (progress.isPending) return null;
  const recent = progress.data?.Recent.map((answer): Answer => ({ played: answer.Played, chosen: answer.Chosen }));
  return exercise === 'NameTheInterval' ? (
    <NameTheInterval settings={settings} recent={recent ?? []} course={course} />
  ) : (
    <KeyboardIntervals settings={settings} recent={recent ?? []} course={course} keysEnabled />
  );
}
