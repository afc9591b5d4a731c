import { z } from 'zod';
import { call, endpoint, id, isoDate, ok } from './define';

/** Spec §4: no exam started, in progress, submitted waiting for review, completed. */
export const ExamStatus = z.enum(['not_started', 'in_progress', 'submitted', 'completed']);
export type ExamStatus = z.infer<typeof ExamStatus>;

export const UserExam = z.object({
  /** Null while no exam is started. */
  UserExamId: z.number().nullable(),
  UserId: z.number(),
  CourseId: z.number(),
  CoursePartId: z.number(),
  BlockId: z.number(),
  Status: ExamStatus,
  /** Whether the learner may change her answer now (not while it waits for review, nor once completed). */
  UserCanEdit: z.boolean(),
  /** Sanitized HTML. */
  Answer: z.string(),
  ReviewComment: z.string().nullable(),
  SubmittedDate: isoDate.nullable(),
  ReviewedDate: isoDate.nullable(),
  Submissions: z.number(),
});
export type UserExam = z.infer<typeof UserExam>;

const answer = z.string().max(100_000);

export const userExam = endpoint('user_exam.php', {
  /**
   * The state of a learner's exam (an Exam, FinalExam or Question block, or a milestone part's submission):
   * by `UserExamId`, or by `BlockId` in a course. Learners read their own; staff read any learner's.
   */
  get_user_exam: call({
    access: 'user',
    data: z.object({
      UserExamId: id.nullable().optional(),
      UserId: id,
      CourseId: id,
      BlockId: id.nullable().optional(),
    }),
    answer: z.object({ status: ok, data: UserExam }),
  }),
  /** The learner saves her answer (starting the exam), and with `Submit` hands it in for review (a task). */
  save_user_exam: call({
    access: 'user',
    data: z.object({ UserId: id, CourseId: id, BlockId: id, Answer: answer, Submit: z.boolean().default(false) }),
    answer: z.object({ status: ok, data: UserExam }),
  }),
  /**
   * A coach approves a submitted exam (it completes, and so does its part for progress), or returns it with a
   * comment (the learner may edit and submit again). Either way the review task is completed.
   */
  review_user_exam: call({
    access: 'staff',
    data: z.object({ UserExamId: id, Approve: z.boolean(), Comment: z.string().max(20_000).default('') }),
    answer: z.object({ status: ok, data: UserExam }),
  }),
});
