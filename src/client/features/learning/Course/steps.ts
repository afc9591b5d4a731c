import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Achievement, BlockResult, Course, CoursePart } from '../../../../shared/contract/learning/courseShapes';
import { call } from '../../../app/api';
import { appKeys } from '../../../app/keys';
import { useSession } from '../../../app/session';
import { showToast } from '../../../components/toast';
import type { SavedRound } from '../../eartraining';
import { learningKeys } from '../keys';
import { momentsOf } from './moments';
import { celebrate } from './store';

export interface CourseSteps {
  /** updateCourseProgressVideoPlay, once per part until it is reset: a video played to the end, or a visit. */
  recordPlay(partId: number): void;
  /** save_reward: answers whether the reward was taken; a failure says "Something went wrong...". */
  claimReward(partId: number): Promise<boolean>;
  /** submit_answers: the server's score of a quiz or test. */
  submitAnswers(partId: number, blockId: number, answers: Record<string, string[]>): Promise<BlockResult>;
  /** reset_episode_progress: the episode counts as not played again. */
  resetEpisode(partId: number): Promise<void>;
  /** A round of an ear-training block was stored (eartraining.php save_round): its result, xp and step. */
  exerciseSaved(partId: number, blockId: number, answer: SavedRound): void;
}

interface Settled {
  totalXp: number;
  /** Xp the step gave in the course. */
  earnedXp: number;
  /** Xp earned with it outside the course (an ear-training round's own): counted up in the dialog, not the course. */
  otherXp?: number;
  achievement: Achievement | null;
  certificateGenerated: boolean;
  progressPercent: number | null;
}

/** The progress steps of a course page, each settling the cache, the top bar's xp and the moments to show. */
export function useCourseSteps(course: Course | undefined): CourseSteps {
  const { t } = useTranslation('learning');
  const queryClient = useQueryClient();
  const { user, updateUser } = useSession();
  const userId = user?.Id ?? 0;
  const courseId = course?.Id ?? 0;
  const courseName = course?.Name ?? '';
  const played = useRef(new Set<number>());

  const patchCourse = useCallback(
    (change: (current: Course) => Course) =>
      queryClient.setQueryData<Course>(learningKeys.course(courseId, userId), (old) => (old ? change(old) : old)),
    [queryClient, courseId, userId],
  );
  const patchPart = useCallback(
    (partId: number, change: (part: CoursePart) => CoursePart) =>
      patchCourse((current) => ({
        ...current,
        CourseParts: current.CourseParts.map((part) => (part.Id === partId ? change(part) : part)),
      })),
    [patchCourse],
  );

  const settle = useCallback(
    (outcome: Settled) => {
      updateUser({ TotalXp: outcome.totalXp });
      patchCourse((current) => ({
        ...current,
        progress_percent: outcome.progressPercent ?? current.progress_percent,
        CourseXp: current.CourseXp + outcome.earnedXp,
      }));
      celebrate(momentsOf({ ...outcome, earnedXp: outcome.earnedXp + (outcome.otherXp ?? 0), courseName }));
      // The server's own view (certificate, achievements, My courses) replaces what was patched in.
      void queryClient.invalidateQueries({ queryKey: appKeys.progress });
    },
    [updateUser, patchCourse, courseName, queryClient],
  );

  const recordPlay = useCallback(
    (partId: number) => {
      if (!user || !course || played.current.has(partId)) return;
      played.current.add(partId);
      call('course_progress.php', 'updateCourseProgressVideoPlay', {
        UserId: user.Id,
        CourseId: course.Id,
        CoursePartId: partId,
      })
        .then((answer) => {
          const step = answer.data[0];
          patchPart(partId, (part) => ({ ...part, VideoPlay: 1 }));
          settle({
            totalXp: answer.total_xp,
            earnedXp: answer.earned_xp,
            achievement: step?.achievement ?? null,
            certificateGenerated: step?.certificate_generated ?? false,
            progressPercent: step?.progress_percent ?? null,
          });
        })
        .catch((error: unknown) => {
          // Recording progress fails quietly (spec §8); a later visit tries again.
          played.current.delete(partId);
          console.warn('updateCourseProgressVideoPlay failed', error);
        });
    },
    [user, course, patchPart, settle],
  );

  const claimReward = useCallback(
    async (partId: number) => {
      if (!user || !course) return false;
      try {
        const answer = await call('course_progress.php', 'save_reward', {
          user_id: user.Id,
          course_id: course.Id,
          course_part_id: partId,
        });
        const step = answer.data[0];
        if (!step) throw new Error('save_reward answered no data');
        patchPart(partId, (part) => ({ ...part, reward_id: step.reward_id }));
        settle({
          totalXp: step.TotalXp,
          earnedXp: step.earned_xp,
          achievement: step.achievement,
          certificateGenerated: false,
          progressPercent: null,
        });
        return true;
      } catch (error) {
        console.warn('save_reward failed', error);
        showToast(t('somethingWrong'), 'red');
        return false;
      }
    },
    [user, course, patchPart, settle, t],
  );

  const submitAnswers = useCallback(
    async (partId: number, blockId: number, answers: Record<string, string[]>) => {
      if (!user || !course) throw new Error('no course');
      const answer = await call('course_progress.php', 'submit_answers', {
        UserId: user.Id,
        CourseId: course.Id,
        CoursePartId: partId,
        BlockId: blockId,
        Answers: answers,
      });
      patchPart(partId, (part) => ({
        ...part,
        Blocks: part.Blocks.map((block) =>
          block.Id === blockId && (block.BlockType === 'Quiz' || block.BlockType === 'Test')
            ? { ...block, Content: { ...block.Content, result: answer.data } }
            : block,
        ),
      }));
      if (answer.progress) {
        settle({
          totalXp: answer.total_xp,
          earnedXp: answer.earned_xp,
          achievement: answer.progress.achievement,
          certificateGenerated: answer.progress.certificate_generated,
          progressPercent: answer.progress.progress_percent,
        });
      }
      return answer.data;
    },
    [user, course, patchPart, settle],
  );

  const resetEpisode = useCallback(
    async (partId: number) => {
      if (!user || !course) return;
      try {
        const answer = await call('course_progress.php', 'reset_episode_progress', {
          UserId: user.Id,
          CourseId: course.Id,
          PostId: partId,
        });
        played.current.delete(partId);
        patchPart(partId, (part) => ({ ...part, VideoPlay: 0 }));
        patchCourse((current) => ({ ...current, progress_percent: answer.cp.progress_percent }));
        void queryClient.invalidateQueries({ queryKey: appKeys.progress });
        showToast(t('reset.done'), 'green');
      } catch (error) {
        console.warn('reset_episode_progress failed', error);
        showToast(t('somethingWrong'), 'red');
      }
    },
    [user, course, patchPart, patchCourse, queryClient, t],
  );

  const exerciseSaved = useCallback(
    (partId: number, blockId: number, answer: SavedRound) => {
      patchPart(partId, (part) => ({
        ...part,
        Blocks: part.Blocks.map((block) => {
          if (block.Id !== blockId || block.BlockType !== 'EarTraining') return block;
          const before = block.Content.result;
          const result: BlockResult = {
            score: answer.Right,
            max_score: block.Content.settings.Questions,
            passed: Boolean(before?.passed || answer.Passed),
            attempts: (before?.attempts ?? 0) + 1,
            attempts_left: null,
            questions: null,
          };
          return { ...block, Content: { ...block.Content, result } };
        }),
      }));
      settle({
        totalXp: answer.TotalXp,
        earnedXp: answer.earned_xp,
        otherXp: answer.Xp,
        achievement: answer.progress?.achievement ?? null,
        certificateGenerated: answer.progress?.certificate_generated ?? false,
        progressPercent: answer.progress?.progress_percent ?? null,
      });
    },
    [patchPart, settle],
  );

  return useMemo(
    () => ({ recordPlay, claimReward, submitAnswers, resetEpisode, exerciseSaved }),
    [recordPlay, claimReward, submitAnswers, resetEpisode, exerciseSaved],
  );
}
