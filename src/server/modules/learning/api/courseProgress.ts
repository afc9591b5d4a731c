import { courseProgress } from '../../../../shared/contract/learning/courseProgress';
import { callerNamed, handlers } from '../../../platform/handlers';
import { presentProgress, presentReachedAchievement } from '../presenters/progress';
import { claimReward, recordVideoPlay, resetEpisode, submitAnswers } from '../services/progress';

export const courseProgressHandlers = handlers(courseProgress, {
  async updateCourseProgressVideoPlay(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const step = await recordVideoPlay(ctx.db, {
      siteId: ctx.site.id,
      user,
      courseId: data.CourseId,
      partId: data.CoursePartId,
    });
    return {
      status: 'OK',
      addedProgress: step.added,
      data: [presentProgress(step.progress)],
      total_xp: step.totalXp,
      earned_xp: step.earnedXp,
    };
  },
  async reset_episode_progress(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const percent = await resetEpisode(ctx.db, {
      siteId: ctx.site.id,
      user,
      courseId: data.CourseId,
      partId: data.PostId,
    });
    return { status: 'OK', cp: { progress_percent: percent } };
  },
  async save_reward(ctx, data) {
    const user = callerNamed(ctx, data.user_id);
    const step = await claimReward(ctx.db, {
      siteId: ctx.site.id,
      user,
      courseId: data.course_id,
      partId: data.course_part_id,
    });
    return {
      status: 'OK',
      data: [
        {
          TotalXp: step.totalXp,
          achievement: step.progress.achievement && presentReachedAchievement(step.progress.achievement),
          reward_id: step.awardId,
          earned_xp: step.earnedXp,
        },
      ],
    };
  },
  async submit_answers(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const { result, step } = await submitAnswers(ctx.db, {
      siteId: ctx.site.id,
      user,
      courseId: data.CourseId,
      partId: data.CoursePartId,
      blockId: data.BlockId,
      answers: data.Answers,
    });
    return {
      status: 'OK',
      data: result,
      progress: step ? presentProgress(step.progress) : null,
      total_xp: step?.totalXp ?? user.total_xp,
      earned_xp: step?.earnedXp ?? 0,
    };
  },
});
