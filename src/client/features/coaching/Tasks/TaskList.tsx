import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '../../../../shared/contract/coaching/tasks';
import { taskTypeKey } from '../../../../shared/domain/coaching/tasks';
import { formatDateTime } from '../../../components/dates';
import { errorText } from '../../../components/errorText';
import { showToast } from '../../../components/toast';
import { useUpdateTask } from './queries';
import { StudentAvatar, TaskStatusBadge, TaskTypeBadge } from './TaskBits';
import classes from './tasks.module.css';

/** The tasks as a list: who and what, the course, when, whose; a trashed one can be restored right here. */
export function TaskList({ tasks }: { tasks: readonly Task[] }) {
  const { t } = useTranslation('coaching');
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      className={classes.list}
      aria-label={t('list.label')}
      data-testid="task-list"
    >
      {tasks.map((task) => (
        <TaskRow key={task.Id} task={task} />
      ))}
    </Stack>
  );
}

function TaskRow({ task }: { task: Task }) {
  const { t } = useTranslation('coaching');
  const update = useUpdateTask();
  const type = t(`type.${taskTypeKey(task.TaskType)}`);
  const title = task.UserRealName ? t('detail.titleFrom', { type, name: task.UserRealName }) : type;

  const restore = () =>
    update.mutate(
      { task, changes: { IsTrash: false } },
      {
        onSuccess: () => showToast(t('list.restored', { id: task.Id }), 'green'),
        onError: (error) => showToast(t('saveFailed', { reason: errorText(error) }), 'red'),
      },
    );

  return (
    <Paper component="li" withBorder p="md" data-testid="task-row" data-task-id={task.Id}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap" className={classes.row}>
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
          <StudentAvatar name={task.UserRealName ?? type} userFileId={task.UserFileId} />
          <Stack gap={4} miw={0}>
            <Anchor component={Link} to={`/Tasks/${task.Id}`} fw={600} className={classes.title}>
              {title}
            </Anchor>
            <Text size="sm" lineClamp={2} className={classes.description}>
              {task.Description}
            </Text>
            <Group gap={6} wrap="wrap">
              <TaskTypeBadge taskType={task.TaskType} />
              <TaskStatusBadge task={task} />
              {task.CourseName && (
                <Text size="xs" c="dimmed">
                  {task.CourseName}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('list.created', { date: formatDateTime(task.CDate) })}
              {' · '}
              {t('list.owner', { name: task.TaskOwnerName ?? t('nobody') })}
              {task.CompletedDate && (
                <>
                  {' · '}
                  {t('list.completed', { date: formatDateTime(task.CompletedDate) })}
                </>
              )}
            </Text>
          </Stack>
        </Group>
        {task.IsTrash && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRestore size={14} aria-hidden />}
            onClick={restore}
            loading={update.isPending}
            aria-label={t('list.restoreLabel', { id: task.Id })}
            className={classes.rowAction}
          >
            {t('list.restore')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
