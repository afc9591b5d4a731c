import { isStaff } from '../../../platform/authorize';
import type { UserExamRow, UserRow } from '../../../platform/db/schema';

type Viewer = Pick<UserRow, 'id' | 'user_type' | 'privilegies'>;

/** A learner reads her own exams; staff read any learner's of their site. */
export const mayReadExamsOf = (viewer: Viewer, learnerId: number): boolean =>
  viewer.id === learnerId || isStaff(viewer);

/** Staff review submissions, but nobody reviews her own. */
export const mayReview = (reviewer: Viewer, exam: Pick<UserExamRow, 'user_id'>): boolean =>
  isStaff(reviewer) && reviewer.id !== exam.user_id;

/** Only the learner herself changes her answer, and only while the exam is not started or in progress. */
export const mayEditAnswer = (viewer: Viewer, learnerId: number, status: UserExamRow['status'] | null): boolean =>
  viewer.id === learnerId && (status === null || status === 'in_progress');
