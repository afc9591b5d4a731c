import { action, isStaff } from '../../../platform/authorize';
import type { UserExamRow } from '../../../platform/db/schema';

export const examActions = {
  /** A learner reads her own exams; staff read any learner's of their site. */
  readExamsOf: action<number>(
    'You read your own exams only',
    (viewer, learnerId) => viewer.id === learnerId || isStaff(viewer),
  ),
  /** Staff review submissions, but nobody reviews her own. */
  review: action<Pick<UserExamRow, 'user_id'>>(
    'Nobody reviews her own exam',
    (reviewer, exam) => isStaff(reviewer) && reviewer.id !== exam.user_id,
  ),
  /** Only the learner herself changes her answer, and only while the exam is not started or in progress. */
  editAnswer: action<{ learnerId: number; status: UserExamRow['status'] | null }>(
    'The answer is no longer yours to change',
    (viewer, { learnerId, status }) => viewer.id === learnerId && (status === null || status === 'in_progress'),
  ),
};
