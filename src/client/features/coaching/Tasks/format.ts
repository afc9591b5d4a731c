import type { Task } from '../../../../shared/contract/coaching/tasks';
import type { UserData } from '../../../../shared/contract/define';
import { TaskType, type TaskTypeKey } from '../../../../shared/domain/coaching/tasks';
import type { Tone } from '../../../components/tone';
import type { Condition, TaskFilters } from './queries';

export const taskTypeTone: Record<TaskTypeKey, Tone | null> = {
  support: 'orange',
  examReview: 'grape',
  milestoneReview: 'teal',
  other: null,
};

export const isSupportTask = (task: Pick<Task, 'TaskType'>) => task.TaskType === TaskType.support;

export const fullName = (user: Pick<UserData, 'FirstName' | 'LastName'>) => `${user.FirstName} ${user.LastName}`.trim();

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

/** A student's profile photo, public by id (docs/decisions.md), or nothing. */
export const avatarUrl = (userFileId: number | null) => (userFileId === null ? null : `/media/avatar/${userFileId}`);

export const conditions: readonly Condition[] = ['open', 'mine', 'completed', 'all'];

const positiveId = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
};

/** The filters the address names (`?condition=completed&trash=1&course=3`); anything else is the default. */
export function filtersFromSearch(search: URLSearchParams): TaskFilters {
  const condition = search.get('condition');
  return {
    condition: conditions.includes(condition as Condition) ? (condition as Condition) : 'open',
    trash: search.get('trash') === '1',
    courseId: positiveId(search.get('course')),
  };
}

/** The address's search part for the filters, leaving defaults out. */
export function searchFromFilters(filters: TaskFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.condition !== 'open') search.set('condition', filters.condition);
  if (filters.trash) search.set('trash', '1');
  if (filters.courseId !== null) search.set('course', String(filters.courseId));
  return search;
}

export const taskIdFromParam = positiveId;
