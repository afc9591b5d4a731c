import { useTranslation } from 'react-i18next';
import type { Task } from '../../../../shared/contract/coaching/tasks';
import { NO_OWNER } from '../../../../shared/domain/coaching/tasks';
import { useSession } from '../../../app/session';
import { fullName } from './format';
import { useTaskOwners } from './queries';

/**
 * The choices of a task's owner: nobody, the viewer ("Me"), then the site's staff by name. A task's present owner
 * stays a choice even when she is no longer staff, so the picker always shows who owns it.
 */
export function useOwnerOptions(task?: Pick<Task, 'TaskOwner' | 'TaskOwnerName'>) {
  const { t } = useTranslation('coaching');
  const { user } = useSession();
  const owners = useTaskOwners();
  const names = new Map<number, string>();
  if (user) names.set(user.Id, t('owner.me', { name: fullName(user) }));
  for (const owner of owners.data ?? []) if (!names.has(owner.UserId)) names.set(owner.UserId, fullName(owner));
  if (task && task.TaskOwner !== NO_OWNER && !names.has(task.TaskOwner)) {
    names.set(task.TaskOwner, task.TaskOwnerName ?? t('staffMember', { id: task.TaskOwner }));
  }
  return [
    { value: String(NO_OWNER), label: t('nobody') },
    ...[...names].map(([id, label]) => ({ value: String(id), label })),
  ];
}
