import type { UserExam } from '../../../../shared/contract/coaching/userExam';
import type { CourseBlockRow, CoursePartRow, UserExamRow } from '../../../platform/db/schema';

/** A learner's exam as the services answer it: its row (none before it is started) and where it belongs. */
export interface ExamView {
  row: UserExamRow | undefined;
  learnerId: number;
  courseId: number;
  part: Pick<CoursePartRow, 'id' | 'name'>;
  block: Pick<CourseBlockRow, 'id' | 'title'>;
  /** Whether the viewer may still change the answer. */
  canEdit: boolean;
}

/**
 * The only path from an exam row to the wire. Without a row the exam is not started: its state is answered all
 * the same, so a client asks one call whatever the state.
 */
export function presentExam(opts: ExamView): UserExam {
  const { row } = opts;
  return {
    UserExamId: row?.id ?? null,
    UserId: opts.learnerId,
    CourseId: opts.courseId,
    CoursePartId: opts.part.id,
    BlockId: opts.block.id,
    PartName: opts.part.name,
    BlockTitle: opts.block.title,
    Status: row?.status ?? 'not_started',
    UserCanEdit: opts.canEdit,
    Answer: row?.answer ?? '',
    ReviewComment: row?.review_comment ?? null,
    ReviewScore: row?.review_score ?? null,
    SubmittedDate: row?.submitted_at ?? null,
    ReviewedDate: row?.reviewed_at ?? null,
    Submissions: row?.submissions ?? 0,
  };
}
