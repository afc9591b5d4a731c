import { NO_OWNER } from '../../../../shared/domain/coaching/tasks';
import { isStaff, staffUsers } from '../../../platform/authorize';
import { type Db, lockedForUpdate, now } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { sanitizeRichText } from '../../../platform/lib/sanitize';
import { courseRefs } from '../../learning';
import type { TaskWithNames } from '../presenters/task';

/** The staff's task list (spec §7 tasks.php): support requests, submissions to review, and tasks staff make. */

/** The most tasks one list answers, newest first. */
export const TASK_LIST_LIMIT = 500;

const taskQuery = (db: Db, siteId: number) =>
  db
    .selectFrom('tasks')
    .where('tasks.site_id', '=', siteId)
    .leftJoin('users as student', 'student.id', 'tasks.user_id')
    .leftJoin('users as owner', 'owner.id', 'tasks.owner_user_id')
    .leftJoin('users as completer', 'completer.id', 'tasks.completed_by_user_id')
    .leftJoin('courses', 'courses.id', 'tasks.course_id')
    .selectAll('tasks')
    .select([
      'student.first_name as student_first_name',
      'student.last_name as student_last_name',
      'student.user_file_id as student_user_file_id',
      'owner.first_name as owner_first_name',
      'owner.last_name as owner_last_name',
      'completer.first_name as completer_first_name',
      'completer.last_name as completer_last_name',
      'courses.name as course_name',
    ]);

/** The most staff the owner picker lists. */
export const TASK_OWNERS_LIMIT = 1_000;

export type TaskCondition = 'open' | 'completed' | 'mine' | 'all';

/** get_tasks: open, completed, the caller's own open ones, or all; in the trash or out of it; of one course. */
export async function listTasks(
  db: Db,
  opts: { siteId: number; user: SessionUser; condition: TaskCondition; trash: boolean; courseId: number | null },
): Promise<TaskWithNames[]> {
  let query = taskQuery(db, opts.siteId).where('tasks.trashed_at', opts.trash ? 'is not' : 'is', null);
  if (opts.condition === 'open') query = query.where('tasks.completed_at', 'is', null);
  if (opts.condition === 'completed') query = query.where('tasks.completed_at', 'is not', null);
  if (opts.condition === 'mine') {
    query = query.where('tasks.owner_user_id', '=', opts.user.id).where('tasks.completed_at', 'is', null);
  }
  if (opts.courseId !== null) query = query.where('tasks.course_id', '=', opts.courseId);
  const rows = await query
    .orderBy('tasks.created_at', 'desc')
    .orderBy('tasks.id', 'desc')
    .limit(TASK_LIST_LIMIT)
    .execute();
  return rows;
}

export async function findTask(db: Db, opts: { siteId: number; taskId: number }): Promise<TaskWithNames> {
  const row = await taskQuery(db, opts.siteId).where('tasks.id', '=', opts.taskId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such task');
  return row;
}

export interface NewTask {
  taskType: number;
  description: string;
  userId: number | null;
  courseId: number | null;
  coursePartId: number | null;
  userExamId?: number | null;
  messageId?: number | null;
  ownerUserId?: number | null;
  eventStartDate?: string | null;
  /** When it was made (now): another time only for seeded history. */
  at?: string;
}

/** Inserts a task whose references are already checked (inside the transaction of what caused it). */
export async function insertTask(trx: Db, siteId: number, task: NewTask): Promise<number> {
  const at = task.at ?? now();
  const row = await trx
    .insertInto('tasks')
    .values({
      site_id: siteId,
      task_type: task.taskType,
      user_id: task.userId,
      course_id: task.courseId,
      course_part_id: task.coursePartId,
      user_exam_id: task.userExamId ?? null,
      message_id: task.messageId ?? null,
      description: task.description,
      event_start_date: task.eventStartDate ?? null,
      owner_user_id: task.ownerUserId ?? null,
      note: '',
      completed_at: null,
      completed_by_user_id: null,
      trashed_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A time both databases store alike: ISO in UTC with milliseconds, within the years 1000 to 9999. */
function storedTime(value: string | null | undefined, field: string): string | null | undefined {
  if (value === null || value === undefined) return value;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1000 || year > 9999) {
    throw invalidFields({ field, message: 'must be a time between the years 1000 and 9999' });
  }
  return date.toISOString();
}

/** get_task_owners: the site's staff (administrators and coaches above the staff privilegies), by name. */
export async function listTaskOwners(db: Db, siteId: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('site_id', '=', siteId)
    .where(staffUsers)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .limit(TASK_OWNERS_LIMIT)
    .execute();
  return rows;
}

/** A task owner: nobody (-1, stored as null) or a staff member of the site. */
async function ownerId(db: Db, siteId: number, owner: number | undefined): Promise<number | null | undefined> {
  if (owner === undefined || owner === NO_OWNER) return owner === NO_OWNER ? null : undefined;
  const user = await db
    .selectFrom('users')
    .select(['id', 'user_type', 'privilegies'])
    .where('site_id', '=', siteId)
    .where('id', '=', owner)
    .executeTakeFirst();
  if (!user || !isStaff(user)) throw new AppError('NOT_FOUND', 'No such staff member to own the task');
  return user.id;
}

async function userOfSite(db: Db, siteId: number, userId: number | null | undefined): Promise<number | null> {
  if (userId === null || userId === undefined) return null;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  return user.id;
}

/** create_task: a task staff make by hand; every id it names must be of this site. */
export async function createTask(
  db: Db,
  opts: {
    siteId: number;
    task: {
      TaskType: number;
      Description: string;
      UserId?: number | null | undefined;
      CourseId?: number | null | undefined;
      CoursePartId?: number | null | undefined;
      TaskOwner?: number | undefined;
      EventStartDate?: string | null | undefined;
    };
  },
): Promise<number> {
  const { siteId, task } = opts;
  const eventStartDate = storedTime(task.EventStartDate, 'data.Task.EventStartDate') ?? null;
  const [userId, refs, owner] = await Promise.all([
    userOfSite(db, siteId, task.UserId),
    courseRefs(db, { siteId, courseId: task.CourseId, partId: task.CoursePartId }),
    ownerId(db, siteId, task.TaskOwner),
  ]);
  return insertTask(db, siteId, {
    taskType: task.TaskType,
    description: task.Description,
    userId,
    courseId: refs.courseId,
    coursePartId: refs.partId,
    ownerUserId: owner ?? null,
    eventStartDate,
  });
}

export interface TaskChanges {
  Note?: string | undefined;
  TaskOwner?: number | undefined;
  CompleteTheTask?: boolean | undefined;
  IsTrash?: boolean | undefined;
  Description?: string | undefined;
  EventStartDate?: string | null | undefined;
}

/**
 * update_task: changes what is given and leaves the rest. Completing records who and when (the first completion
 * stands; reopening clears both); trashing records when, restoring clears it. A review task is completed by
 * reviewing its submission, not by hand, while the submission still waits.
 */
export async function updateTask(
  db: Db,
  opts: { siteId: number; user: SessionUser; taskId: number; changes: TaskChanges },
): Promise<TaskWithNames> {
  const { siteId, changes } = opts;
  const eventStartDate = storedTime(changes.EventStartDate, 'data.EventStartDate');
  const owner = await ownerId(db, siteId, changes.TaskOwner);
  await db.transaction().execute(async (trx) => {
    // Locked, so that of two staff completing at once the first stays recorded as who and when.
    const task = await lockedForUpdate(
      trx,
      trx
        .selectFrom('tasks')
        .select(['id', 'completed_at', 'trashed_at', 'user_exam_id'])
        .where('site_id', '=', siteId)
        .where('id', '=', opts.taskId),
    ).executeTakeFirst();
    if (!task) throw new AppError('NOT_FOUND', 'No such task');
    if (changes.CompleteTheTask === true && task.completed_at === null && task.user_exam_id !== null) {
      const exam = await trx
        .selectFrom('user_exams')
        .select('status')
        .where('site_id', '=', siteId)
        .where('id', '=', task.user_exam_id)
        .executeTakeFirst();
      if (exam?.status === 'submitted') {
        throw new AppError('INVALID_STATE', 'This submission waits for review: approve or return it instead');
      }
    }
    const at = now();
    const completion =
      changes.CompleteTheTask === undefined
        ? {}
        : changes.CompleteTheTask
          ? task.completed_at === null
            ? { completed_at: at, completed_by_user_id: opts.user.id }
            : {}
          : { completed_at: null, completed_by_user_id: null };
    const trash = changes.IsTrash === undefined ? {} : { trashed_at: changes.IsTrash ? (task.trashed_at ?? at) : null };
    await trx
      .updateTable('tasks')
      .set({
        ...(changes.Note === undefined ? {} : { note: sanitizeRichText(changes.Note) }),
        ...(changes.Description === undefined ? {} : { description: changes.Description }),
        ...(owner === undefined ? {} : { owner_user_id: owner }),
        ...(eventStartDate === undefined ? {} : { event_start_date: eventStartDate }),
        ...completion,
        ...trash,
        updated_at: at,
      })
      .where('site_id', '=', siteId)
      .where('id', '=', task.id)
      .execute();
  });
  return findTask(db, { siteId, taskId: opts.taskId });
}
