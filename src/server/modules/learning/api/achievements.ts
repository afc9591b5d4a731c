import { achievements } from '../../../../shared/contract/learning/achievements';
import { callerNamed, handlers, signedInUser } from '../../../platform/handlers';
import { getAchievement, listAchievements } from '../services/achievements';

export const achievementsHandlers = handlers(achievements, {
  async get_achievements(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    return {
      status: 'OK',
      data: await listAchievements(ctx.db, { siteId: ctx.site.id, user, courseId: data.CourseId ?? null }),
    };
  },
  async get_achievement(ctx, data) {
    const user = signedInUser(ctx);
    return {
      status: 'OK',
      data: await getAchievement(ctx.db, { siteId: ctx.site.id, user, id: data.Id, courseId: data.CourseId }),
    };
  },
});
