import { z } from 'zod';
import { call, endpoint, id, ok } from '../define';
import { Achievement, BlockResult, ProgressResult } from './courseShapes';

/** Answers of one quiz or test: option ids per question id. */
const Answers = z.record(z.string().max(50), z.array(z.string().max(50)).max(20));

export const courseProgress = endpoint('course_progress.php', {
  /**
   * Records that the caller played a part's video to the end (or opened a page completed by a visit). Progress,
   * xp (progress event 2), achievements and the certificate are computed in one transaction; a replay adds
   * nothing (`addedProgress: false`).
   */
  updateCourseProgressVideoPlay: call({
    access: 'user',
    data: z.object({ UserId: id, CourseId: id, CoursePartId: id }),
    answer: z.object({
      status: ok,
      addedProgress: z.boolean(),
      data: z.array(ProgressResult),
      total_xp: z.number(),
      /** Xp this step awarded (0 when none). */
      earned_xp: z.number(),
    }),
  }),
  /** Marks an episode as not played again; xp already earned stays. */
  reset_episode_progress: call({
    access: 'user',
    data: z.object({ UserId: id, CourseId: id, PostId: id }),
    answer: z.object({ status: ok, cp: z.object({ progress_percent: z.number() }) }),
  }),
  /** Takes the reward box of a page (progress event 1): the course's xp per reward, once per page. */
  save_reward: call({
    access: 'user',
    data: z.object({ user_id: id, course_id: id, course_part_id: id }),
    answer: z.object({
      status: ok,
      data: z.array(
        z.object({
          TotalXp: z.number(),
          achievement: Achievement.nullable(),
          reward_id: z.number(),
          earned_xp: z.number(),
        }),
      ),
    }),
  }),
  /** Checks the answers of a quiz or test on the server; a test's result is kept and may complete its part. */
  submit_answers: call({
    access: 'user',
    data: z.object({ UserId: id, CourseId: id, CoursePartId: id, BlockId: id, Answers }),
    answer: z.object({
      status: ok,
      data: BlockResult,
      progress: ProgressResult.nullable(),
      total_xp: z.number(),
      earned_xp: z.number(),
    }),
  }),
});
