import { reviewedBlockTypes } from '../../../../shared/contract/coaching/userExam';
import { examName } from '../../../../shared/domain/coaching/exams';
import { TaskType } from '../../../../shared/domain/coaching/tasks';
import { recipientLanguage } from '../../../../shared/domain/language';
import { isMilestone } from '../../../../shared/domain/learning/course';
import { authorize, can } from '../../../platform/authorize';
import { type Db, lockedForUpdate, now } from '../../../platform/db';
import { getById } from '../../../platform/db/lookups';
import type { CourseBlockRow, CoursePartRow, CourseRow, SessionUser, UserExamRow } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { htmlToText, isBlankHtml, sanitizeRichText } from '../../../platform/lib/sanitize';
import {
  blockVisibleToLearner,
  completeReviewedPart,
  loadCourseForViewer,
  seesCourseAsStaff,
  visibleToLearner,
} from '../../learning';
import { reviewNotices } from '../mails';
import { examActions } from '../policies/exam';
import type { ExamView } from '../presenters/exam';
import { type SendDeps, sendSystemNotice } from './messageSending';
import { insertTask } from './tasks';

/**
 * Exams that coaches review (spec §4): no exam started → in progress (the first save) → submitted, waiting for
 * review (a task for the staff) → completed (approved), or back to in progress with the coach's comment. Every
 * transition checks the state it starts from under a row lock, so no state is skipped, even by racing requests.
 */

interface ExamBlock {
  course: CourseRow;
  part: CoursePartRow;
  block: CourseBlockRow;
}

/** An exam block of a course the viewer may open, on a part and as a block she may see. */
async function openExamBlock(
  db: Db,
  opts: { siteId: number; viewer: SessionUser; courseId: number; blockId: number },
): Promise<ExamBlock> {
  const course = await loadCourseForViewer(db, { siteId: opts.siteId, user: opts.viewer, courseId: opts.courseId });
  const block = await db
    .selectFrom('course_blocks')
    .selectAll()
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.blockId)
    .where('block_type', 'in', reviewedBlockTypes)
    .executeTakeFirst();
  const part =
    block &&
    (await db
      .selectFrom('course_parts')
      .selectAll()
      .where('site_id', '=', opts.siteId)
      .where('id', '=', block.course_part_id)
      .where('course_id', '=', course.id)
      .executeTakeFirst());
  const visible =
    seesCourseAsStaff(opts.viewer) ||
    (part && block && visibleToLearner(part, now()) && visibleToLearner({ ...block, publish_date: null }, now()));
  if (!block || !part || !visible) throw new AppError('NOT_FOUND', 'No such exam in this course');
  return { course, part, block };
}

const examRow = (db: Db, siteId: number, userId: number, blockId: number) =>
  db
    .selectFrom('user_exams')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .where('course_block_id', '=', blockId);

const invalidState = (message: string) => new AppError('INVALID_STATE', message);

/** A submitted or approved answer is no longer a draft: the learner cannot write to it. */
const answerHandedIn = (status: UserExamRow['status']) =>
  new AppError(
    'EXAM_SUBMITTED',
    `The answer is ${status === 'completed' ? 'approved' : 'submitted'}: it cannot change now`,
  );

/** get_user_exam: by its id, or by the exam block; an exam not started has a state too. */
export async function getUserExam(
  db: Db,
  opts: {
    siteId: number;
    viewer: SessionUser;
    learnerId: number;
    courseId: number;
    userExamId: number | null;
    blockId: number | null;
  },
): Promise<ExamView> {
  const { siteId, viewer, learnerId } = opts;
  authorize(viewer, examActions.readExamsOf, learnerId);
  let row: UserExamRow | undefined;
  let blockId = opts.blockId;
  if (opts.userExamId !== null) {
    row = await db
      .selectFrom('user_exams')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('id', '=', opts.userExamId)
      .where('user_id', '=', learnerId)
      .where('course_id', '=', opts.courseId)
      .executeTakeFirst();
    if (!row || (blockId !== null && blockId !== row.course_block_id)) throw new AppError('NOT_FOUND', 'No such exam');
    blockId = row.course_block_id;
  }
  if (blockId === null) {
    throw invalidFields({ field: 'data.BlockId', message: 'give UserExamId or BlockId' });
  }
  if (learnerId !== viewer.id) {
    const learner = await db
      .selectFrom('users')
      .select('id')
      .where('site_id', '=', siteId)
      .where('id', '=', learnerId)
      .executeTakeFirst();
    if (!learner) throw new AppError('NOT_FOUND', 'No such user');
  }
  const { part, block } = await openExamBlock(db, { siteId, viewer, courseId: opts.courseId, blockId });
  row ??= await examRow(db, siteId, learnerId, block.id).executeTakeFirst();
  return {
    row,
    learnerId,
    courseId: opts.courseId,
    part,
    block,
    canEdit: can(viewer, examActions.editAnswer, { learnerId, status: row?.status ?? null }),
  };
}

interface LearnerTarget {
  siteId: number;
  user: SessionUser;
  courseId: number;
  blockId: number;
}

/**
 * save_user_exam: the learner's draft, saved as she types. The first save starts the exam, later ones change the
 * draft while it is in progress; a submitted or approved answer is no draft (`EXAM_SUBMITTED`).
 */
export async function saveUserExam(db: Db, opts: LearnerTarget & { answer: string }): Promise<ExamView> {
  const { siteId, user } = opts;
  const { course, part, block } = await openExamBlock(db, { ...opts, viewer: user });
  const answer = sanitizeRichText(opts.answer, 'learner');
  const row = await db.transaction().execute(async (trx) => {
    const at = now();
    const started = await trx
      .insertInto('user_exams')
      .values({
        site_id: siteId,
        user_id: user.id,
        course_id: course.id,
        course_part_id: part.id,
        course_block_id: block.id,
        status: 'in_progress',
        answer,
        review_comment: null,
        submitted_at: null,
        reviewed_at: null,
        reviewed_by_user_id: null,
        submissions: 0,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['site_id', 'user_id', 'course_block_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (started) return started;
    const current = await lockedForUpdate(trx, examRow(trx, siteId, user.id, block.id)).executeTakeFirstOrThrow();
    if (current.status !== 'in_progress') throw answerHandedIn(current.status);
    return trx
      .updateTable('user_exams')
      .set({ answer, updated_at: at })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { row, learnerId: user.id, courseId: course.id, part, block, canEdit: true };
}

/**
 * submit_user_exam: a started exam is handed in (in progress → submitted) and a review task is made for staff.
 * Handing in again what already waits for review (the same answer, or none given) is the same submission: nothing
 * changes and `alreadySubmitted` says so, so a double click or a retried request makes one task.
 */
export async function submitUserExam(
  db: Db,
  opts: LearnerTarget & { answer: string | undefined },
): Promise<ExamView & { alreadySubmitted: boolean }> {
  const { siteId, user } = opts;
  const { course, part, block } = await openExamBlock(db, { ...opts, viewer: user });
  const given = opts.answer === undefined ? undefined : sanitizeRichText(opts.answer, 'learner');
  const { row, alreadySubmitted } = await db.transaction().execute(async (trx) => {
    const current = await lockedForUpdate(trx, examRow(trx, siteId, user.id, block.id)).executeTakeFirst();
    if (!current) throw invalidState('The exam is not started: save an answer first');
    if (current.status === 'submitted' && (given === undefined || given === current.answer)) {
      return { row: current, alreadySubmitted: true };
    }
    if (current.status !== 'in_progress') throw answerHandedIn(current.status);
    const answer = given ?? current.answer;
    if (isBlankHtml(answer)) throw new AppError('EMPTY_ANSWER', 'The answer is empty');
    const at = now();
    const submitted = await trx
      .updateTable('user_exams')
      .set({ status: 'submitted', answer, submitted_at: at, submissions: current.submissions + 1, updated_at: at })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertTask(trx, siteId, {
      taskType: isMilestone(part.post_type) ? TaskType.milestoneReview : TaskType.examReview,
      description: examName(part.name, block.title),
      userId: user.id,
      courseId: course.id,
      coursePartId: part.id,
      userExamId: current.id,
    });
    return { row: submitted, alreadySubmitted: false };
  });
  return { row, learnerId: user.id, courseId: course.id, part, block, canEdit: false, alreadySubmitted };
}

/** Exam blocks of a part that the learner sees and has not had approved yet. */
async function countUnfinishedExamsOfPart(trx: Db, siteId: number, partId: number, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('course_blocks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_blocks.site_id', '=', siteId)
    .where('course_blocks.course_part_id', '=', partId)
    .where('course_blocks.block_type', 'in', reviewedBlockTypes)
    .where(blockVisibleToLearner)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_exams')
            .select('user_exams.id')
            .whereRef('user_exams.course_block_id', '=', 'course_blocks.id')
            .where('user_exams.site_id', '=', siteId)
            .where('user_exams.user_id', '=', userId)
            .where('user_exams.status', '=', 'completed'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * review_user_exam: approve (submitted → completed) or return with a comment (submitted → in progress), with an
 * optional score. The exam's review tasks are completed by the reviewer. Approving the last open exam of a part
 * completed by review completes the part, with progress, xp and the certificate, in the same transaction, and the
 * learner is told by a system message (mailed too when she is away), in her own language.
 */
export async function reviewUserExam(
  deps: Pick<SendDeps, 'db' | 'config' | 'mailer' | 'site'>,
  opts: { reviewer: SessionUser; userExamId: number; approve: boolean; comment: string; score: number | null },
): Promise<ExamView> {
  const { db } = deps;
  const siteId = deps.site.id;
  const { reviewer } = opts;
  const comment = sanitizeRichText(opts.comment);
  const noComment = isBlankHtml(comment);
  if (!opts.approve && noComment) throw new AppError('EMPTY_MESSAGE', 'Say what to change when returning an exam');
  return db.transaction().execute(async (trx) => {
    const exam = await lockedForUpdate(
      trx,
      trx.selectFrom('user_exams').selectAll().where('site_id', '=', siteId).where('id', '=', opts.userExamId),
    ).executeTakeFirst();
    if (!exam) throw new AppError('NOT_FOUND', 'No such exam');
    authorize(reviewer, examActions.review, exam);
    if (exam.status !== 'submitted') throw invalidState(`The exam is ${exam.status}, not waiting for review`);
    const at = now();
    const reviewed = await trx
      .updateTable('user_exams')
      .set({
        status: opts.approve ? 'completed' : 'in_progress',
        review_comment: noComment ? null : comment,
        review_score: opts.score,
        reviewed_at: at,
        reviewed_by_user_id: reviewer.id,
        updated_at: at,
      })
      .where('id', '=', exam.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('tasks')
      .set({ completed_at: at, completed_by_user_id: reviewer.id, updated_at: at })
      .where('site_id', '=', siteId)
      .where('user_exam_id', '=', exam.id)
      .where('completed_at', 'is', null)
      .execute();
    const [part, block, course] = await Promise.all([
      getById(trx, 'course_parts', siteId, exam.course_part_id, 'No such part'),
      getById(trx, 'course_blocks', siteId, exam.course_block_id, 'No such block'),
      getById(trx, 'courses', siteId, exam.course_id, 'No such course'),
    ]);
    if (
      opts.approve &&
      part.progress_criteria === 'review' &&
      (await countUnfinishedExamsOfPart(trx, siteId, part.id, exam.user_id)) === 0
    ) {
      await completeReviewedPart(trx, { siteId, userId: exam.user_id, course, part });
    }
    const path = `/course/${course.id}/post/${part.id}`;
    await sendSystemNotice(trx, deps, {
      toUserId: exam.user_id,
      sentBy: reviewer.id,
      courseId: course.id,
      partId: part.id,
      compose: (learner) => {
        const facts = {
          recipientName: learner.first_name,
          exam: examName(part.name, block.title),
          course: course.name,
          approved: opts.approve,
          score: opts.score,
          comment: noComment ? null : comment,
          path,
          link: `${deps.config.publicUrl}${path}`,
        };
        const language = recipientLanguage(learner.language);
        return {
          ...reviewNotices.message(language, facts),
          mail: reviewNotices.mail(language, facts, noComment ? null : htmlToText(comment)),
        };
      },
    });
    return { row: reviewed, learnerId: exam.user_id, courseId: course.id, part, block, canEdit: false };
  });
}

/**
 * The user's exam in a course that is still hers to finish or waiting for its review (the latest one touched), for
 * `auth_user`'s `userExamId`; null when there is none.
 */
export async function openExamId(
  db: Db,
  opts: { siteId: number; userId: number; courseId: number },
): Promise<number | null> {
  const row = await db
    .selectFrom('user_exams')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('course_id', '=', opts.courseId)
    .where('status', 'in', ['in_progress', 'submitted'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
