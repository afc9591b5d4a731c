import type { Task } from '../../../../shared/contract/coaching/tasks';
import { NO_OWNER } from '../../../../shared/domain/coaching/tasks';
import type { TaskRow } from '../../../platform/db/schema';

/** A task row with the names the task list shows: the student's, the owner's, the completer's, the course's. */
export interface TaskWithNames extends TaskRow {
  student_first_name: string | null;
  student_last_name: string | null;
  student_user_file_id: number | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  completer_first_name: string | null;
  completer_last_name: string | null;
  course_name: string | null;
}

const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** The only path from a task row to the wire, with the spec's §3 names. */
export function presentTask(row: TaskWithNames): Task {
  return {
    Id: row.id,
    TaskType: row.task_type,
    UserId: row.user_id,
    UserFileId: row.student_user_file_id,
    UserRealName: fullName(row.student_first_name, row.student_last_name),
    CourseId: row.course_id,
    CourseName: row.course_name,
    CoursePartId: row.course_part_id,
    UserExamId: row.user_exam_id,
    Description: row.description,
    EventStartDate: row.event_start_date,
    TaskOwner: row.owner_user_id ?? NO_OWNER,
    TaskOwnerName: fullName(row.owner_first_name, row.owner_last_name),
    Note: row.note,
    CompleteTheTask: row.completed_at !== null,
    CompletedDate: row.completed_at,
    CompletedByUserId: row.completed_by_user_id,
    CompletedByName: fullName(row.completer_first_name, row.completer_last_name),
    IsTrash: row.trashed_at !== null,
    CDate: row.created_at,
  };
}

/** A staff member who may own tasks, as get_task_owners answers her. */
export const presentOwner = (row: { id: number; first_name: string; last_name: string }) => ({
  UserId: row.id,
  FirstName: row.first_name,
  LastName: row.last_name,
});
