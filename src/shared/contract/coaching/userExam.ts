import { z } from 'zod';
import { call, endpoint, id, isoDate, ok, optionalId } from '../define';

/** Spec §4: no exam started, in progress, submitted waiting for review, completed. */
export const ExamStatus = z.enum(['not_started', 'in_progress', 'submitted', 'completed']);
export type ExamStatus = z.infer<typeof ExamStatus>;

/** The blocks a learner answers in her own words and a coach reviews (spec §1: exam, final exam, question). */
export const reviewedBlockTypes = ['Exam', 'FinalExam', 'Question'] as const;

export const UserExam = z.object({
  /** Null while no exam is started. */
  UserExamId: z.number().nullable(),
  UserId: z.number(),
  CourseId: z.number(),
  CoursePartId: z.number(),
  BlockId: z.number(),
  /** The part's and the block's names, for the coach who reviews from a task. */
  PartName: z.string(),
  BlockTitle: z.string(),
  Status: ExamStatus,
  /** Whether the learner may change her answer now (not while it waits for review, nor once completed). */
  UserCanEdit: z.boolean(),
  /** Sanitized HTML. */
  Answer: z.string(),
  /** The coach's comment on the latest review (sanitized HTML). */
  ReviewComment: z.string().nullable(),
  /** The latest review's score, 0 to 100, when the coach gave one. */
  ReviewScore: z.number().int().nullable(),
  SubmittedDate: isoDate.nullable(),
  ReviewedDate: isoDate.nullable(),
  Submissions: z.number(),
});
export type UserExam = z.infer<typeof UserExam>;

const answer = z.string().max(100_000);

/**
 * A review's optional score: a whole number from 0 to 100, left out for none. Not null: 0 is a score, so the
 * convention that 0, null and absence all mean "none" (ids) cannot hold here.
 */
export const REVIEW_SCORE_MAX = 100;
export const reviewScore = z.number().int().min(0).max(REVIEW_SCORE_MAX);
const examOf = { UserId: id, CourseId: id, BlockId: id };

export const userExam = endpoint('user_exam.php', {
  /**
   * The state of a learner's exam (an Exam, FinalExam or Question block, on a milestone part or any other): by
   * `UserExamId`, or by `BlockId` in a course. Learners read their own; staff read any learner's.
   */
  get_user_exam: call({
    access: 'user',
    reads: true,
    data: z.object({
      UserExamId: optionalId,
      UserId: id,
      CourseId: id,
      BlockId: optionalId,
    }),
    answer: z.object({ status: ok, data: UserExam }),
  }),
  /**
   * The learner saves her answer as a draft (the client saves while she types): the first save starts the exam (no
   * exam started → in progress), later ones change the draft. A submitted or completed answer is no draft:
   * `EXAM_SUBMITTED`.
   */
  save_user_exam: call({
    access: 'user',
    data: z.object({ ...examOf, Answer: answer }),
    answer: z.object({ status: ok, data: UserExam }),
  }),
  /**
   * The learner hands in a started exam for review (in progress → submitted), with `Answer` saved first when
   * given; a task for the staff is created. Handing in again what already waits for review (the same answer, or
   * none given) changes nothing and answers OK with `AlreadySubmitted` true, so a double click or a retry is one
   * submission. Refused for an exam not started, for a different answer while one waits, and once completed.
   */
  submit_user_exam: call({
    access: 'user',
    data: z.object({ ...examOf, Answer: answer.optional() }),
    answer: z.object({ status: ok, data: UserExam, AlreadySubmitted: z.boolean() }),
  }),
  /**
   * A coach approves a submitted exam (submitted → completed; the last approved exam of a part completed by
   * review completes the part, for progress, xp and the certificate), or returns it with a comment (submitted →
   * in progress: the learner may edit and submit again). Either way the exam's review task is completed, and the
   * learner is told by a system message (and a mail when she is away). `Score` (0–100) is optional either way.
   */
  review_user_exam: call({
    access: 'staff',
    data: z.object({
      UserExamId: id,
      Approve: z.boolean(),
      Comment: z.string().max(20_000).default(''),
      Score: reviewScore.optional(),
    }),
    answer: z.object({ status: ok, data: UserExam }),
  }),
});
