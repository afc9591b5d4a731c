import { achievements } from '../../../../shared/contract/learning/achievements';
import { callerNamed, handlers, signedInUser } from '../../../platform/handlers';
import { presentAchievement } from '../presenters/lists';
import { getAchievement, listAchievements } from '../services/achievements';

export const achievementsHandlers = handlers(achievements, {
  async get_achievements(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const rows = await listAchievements(ctx.db, { siteId: ctx.site.id, user, courseId: data.CourseId ?? null });
    return { status: 'OK', data: rows.map(presentAchievement) };
  },
  async get_achievement(ctx, data) {
    const user = signedInUser(ctx);
    const { achievement, courseXp } = await getAchievement(ctx.db, {
      siteId: ctx.site.id,
      user,
      id: data.Id,
      courseId: data.CourseId,
    });
    return { status: 'OK', data: { ...presentAchievement(achievement), CourseXp: courseXp } };
  },
});
