import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Task, TaskCondition } from '../../../../shared/contract/coaching/tasks';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { coachingKeys } from '../keys';

const taskKeys = coachingKeys.tasks;

export type Condition = z.infer<typeof TaskCondition>;

/** What the list shows; kept in the address so a filtered list can be linked and survives going back. */
export interface TaskFilters {
  condition: Condition;
  trash: boolean;
  courseId: number | null;
}

/** get_tasks: the site's tasks by condition, trash and course. */
export function useTasks(filters: TaskFilters) {
  const userId = useSession().user?.Id ?? null;
  return useQuery({
    queryKey: taskKeys.list(filters),
    queryFn: async () =>
      (
        await call('tasks.php', 'get_tasks', {
          UserId: userId ?? 0,
          Condition: filters.condition,
          isTrash: filters.trash,
          CourseId: filters.courseId,
        })
      ).data,
    enabled: userId !== null,
    // Several staff work the same list: coming back to the tab shows what the others did meanwhile.
    refetchOnWindowFocus: true,
  });
}

/** get_task: one task; a missing one is not retried (the page says it does not exist). */
export function useTask(taskId: number | null) {
  return useQuery({
    queryKey: taskKeys.task(taskId ?? 0),
    queryFn: async () => (await call('tasks.php', 'get_task', { Id: taskId ?? 0 })).data,
    enabled: taskId !== null,
    retry: false,
    refetchOnWindowFocus: true,
  });
}

/** The courses of the site as staff see them (get_my_courses answers every course to staff), for the filter. */
export function useCourseOptions() {
  const userId = useSession().user?.Id ?? null;
  return useQuery({
    queryKey: taskKeys.courses(userId ?? 0),
    queryFn: async () =>
      (await call('course.php', 'get_my_courses', { UserId: userId ?? 0 })).data.map((course) => ({
        id: course.Id,
        name: course.Name,
      })),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The site's staff who can own a task (get_task_owners), administrators and coaches by name. */
export function useTaskOwners() {
  return useQuery({
    queryKey: taskKeys.owners,
    queryFn: async () => (await call('tasks.php', 'get_task_owners', {})).data,
    staleTime: 5 * 60_000,
  });
}

export interface TaskChanges {
  Note?: string;
  TaskOwner?: number;
  CompleteTheTask?: boolean;
  IsTrash?: boolean;
}

/**
 * update_task with the fields the spec's client sends beside the task (who changes it, the course's name). The
 * answer is the task as it is now: it replaces the cached task, and every list is fetched again.
 */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async ({ task, changes }: { task: Task; changes: TaskChanges }) =>
      (
        await call('tasks.php', 'update_task', {
          UserId: user?.Id ?? 0,
          UserRealName: user ? `${user.FirstName} ${user.LastName}`.trim() : '',
          CourseName: task.CourseName,
          Task: { Id: task.Id, ...changes },
        })
      ).data,
    onSuccess: (updated) => {
      queryClient.setQueryData(taskKeys.task(updated.Id), updated);
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
    },
  });
}
