import { z } from 'zod';
import { NO_OWNER } from '../../domain/coaching/tasks';
import { call, endpoint, id, isoDate, ok, optionalId } from '../define';
import { Coach } from '../learning/courseShapes';

export const Task = z.object({
  Id: z.number(),
  TaskType: z.number(),
  UserId: z.number().nullable(),
  UserFileId: z.number().nullable(),
  UserRealName: z.string().nullable(),
  CourseId: z.number().nullable(),
  CourseName: z.string().nullable(),
  CoursePartId: z.number().nullable(),
  UserExamId: z.number().nullable(),
  Description: z.string(),
  EventStartDate: isoDate.nullable(),
  /** The staff member who owns the task, or -1. */
  TaskOwner: z.number(),
  TaskOwnerName: z.string().nullable(),
  Note: z.string(),
  CompleteTheTask: z.boolean(),
  CompletedDate: isoDate.nullable(),
  CompletedByUserId: z.number().nullable(),
  /** The name of who completed it, null while open. */
  CompletedByName: z.string().nullable(),
  IsTrash: z.boolean(),
  CDate: isoDate,
});
export type Task = z.infer<typeof Task>;

export const TaskCondition = z.enum(['open', 'completed', 'mine', 'all']);

const owner = z.union([id, z.literal(NO_OWNER)]);
const when = isoDate.pipe(z.iso.datetime());

export const tasks = endpoint('tasks.php', {
  /** The site's tasks for staff: open, completed, the caller's own, or all; in the trash or not; of a course. */
  get_tasks: call({
    access: 'staff',
    data: z.object({
      UserId: id,
      Condition: TaskCondition.default('open'),
      isTrash: z.boolean().default(false),
      CourseId: optionalId,
    }),
    answer: z.object({ status: ok, data: z.array(Task) }),
  }),
  /** The site's staff who can own a task (administrators and coaches), by name. */
  get_task_owners: call({
    access: 'staff',
    data: z.object({}),
    answer: z.object({ status: ok, data: z.array(Coach) }),
  }),
  get_task: call({
    access: 'staff',
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: Task }),
  }),
  create_task: call({
    access: 'staff',
    data: z.object({
      Task: z.object({
        TaskType: z.number().int().min(1).max(99),
        Description: z.string().trim().min(1).max(5_000),
        UserId: optionalId,
        CourseId: optionalId,
        CoursePartId: optionalId,
        TaskOwner: owner.optional(),
        EventStartDate: when.nullable().optional(),
      }),
    }),
    answer: z.object({ status: ok, createTask: z.object({ data: z.object({ Id: z.number() }) }) }),
  }),
  /**
   * Changes a task: its note, owner, start date, completion (who and when are recorded) or trash. Fields left
   * out stay as they are. `UserId`, `UserRealName` and `CourseName` are accepted as the spec's client sends them.
   */
  update_task: call({
    access: 'staff',
    data: z.object({
      UserId: id,
      UserRealName: z.string().max(200).optional(),
      CourseName: z.string().max(200).nullable().optional(),
      Task: z.object({
        Id: id,
        Note: z.string().max(20_000).optional(),
        TaskOwner: owner.optional(),
        CompleteTheTask: z.boolean().optional(),
        IsTrash: z.boolean().optional(),
        Description: z.string().trim().min(1).max(5_000).optional(),
      }),
      EventStartDate: when.nullable().optional(),
    }),
    answer: z.object({ status: ok, data: Task }),
  }),
});
