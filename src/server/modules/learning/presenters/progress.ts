import type { Selectable } from 'kysely';
import type { Achievement, ProgressResult } from '../../../../shared/contract/learning/courseShapes';
import type { AchievementsTable } from '../../../platform/db/schema';
import type { CourseStep } from '../services/progress';

/** An achievement as a progress step reports it (without whether the viewer earned it: she just did). */
export const presentReachedAchievement = (row: Selectable<AchievementsTable>): Achievement => ({
  Id: row.id,
  CourseId: row.course_id,
  title: row.title,
  description: row.description,
  required_xp: row.required_xp,
});

/** What a progress step reports back (updateCourseProgressVideoPlay, a passed test). */
export const presentProgress = (step: CourseStep): ProgressResult => ({
  progress_percent: step.percent,
  achievement: step.achievement && presentReachedAchievement(step.achievement),
  certificate_generated: step.certificateGenerated,
});
