import { z } from 'zod';
import { call, endpoint, id, isoDate, ok, optionalId } from '../define';
import { Achievement } from './courseShapes';

export const EarnedAchievement = Achievement.extend({
  CourseName: z.string(),
  earned: z.boolean(),
  EarnedDate: isoDate.nullable(),
});
export type EarnedAchievement = z.infer<typeof EarnedAchievement>;

export const achievements = endpoint('achievements.php', {
  /** Every achievement of the courses the caller may open, each marked earned or not. */
  get_achievements: call({
    access: 'user',
    reads: true,
    data: z.object({ UserId: id, CourseId: optionalId }),
    answer: z.object({ status: ok, data: z.array(EarnedAchievement) }),
  }),
  /** One achievement of a course, with the caller's xp in that course. */
  get_achievement: call({
    access: 'user',
    reads: true,
    data: z.object({ Id: id, CourseId: id }),
    answer: z.object({ status: ok, data: EarnedAchievement.extend({ CourseXp: z.number() }) }),
  }),
});
