import { useQuery } from '@tanstack/react-query';
import type { UserExam } from '../../../../shared/contract/coaching/userExam';
import { call } from '../../../app/api';
import { coachingKeys } from '../keys';

/**
 * While a submission waits for review, the learner's page asks again this often, so a coach's decision reaches
 * her without a reload (and sooner when she comes back to the tab).
 */
export const REVIEW_POLL_MS = 30_000;

/** The learner's exam of one Exam, FinalExam or Question block (get_user_exam by BlockId). */
export function useBlockExam(exam: { userId: number; courseId: number; blockId: number } | null) {
  return useQuery({
    queryKey: coachingKeys.exams.ofBlock(exam?.userId ?? 0, exam?.courseId ?? 0, exam?.blockId ?? 0),
    queryFn: async () =>
      (
        await call('user_exam.php', 'get_user_exam', {
          UserId: exam?.userId ?? 0,
          CourseId: exam?.courseId ?? 0,
          BlockId: exam?.blockId ?? 0,
        })
      ).data,
    enabled: exam !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.Status === 'submitted' ? REVIEW_POLL_MS : false),
    refetchOnWindowFocus: (query) => query.state.data?.Status === 'submitted',
  });
}

/** A learner's exam as a coach reviews it from its task (get_user_exam by UserExamId). */
export function useExamById(exam: { userExamId: number; userId: number; courseId: number } | null) {
  return useQuery({
    queryKey: coachingKeys.exams.byId(exam?.userExamId ?? 0),
    queryFn: async () =>
      (
        await call('user_exam.php', 'get_user_exam', {
          UserExamId: exam?.userExamId ?? 0,
          UserId: exam?.userId ?? 0,
          CourseId: exam?.courseId ?? 0,
        })
      ).data,
    enabled: exam !== null,
    retry: false,
  });
}

/** Spec §4's exam states, with "returned" for an exam a coach sent back with a comment (in progress again). */
export type ExamState = UserExam['Status'] | 'returned';

export const examState = (exam: Pick<UserExam, 'Status' | 'ReviewComment' | 'ReviewedDate'>): ExamState =>
  exam.Status === 'in_progress' && exam.ReviewedDate !== null ? 'returned' : exam.Status;
