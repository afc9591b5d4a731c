import { Avatar, Badge, type MantineSpacing, Paper, Stack, Title } from '@mantine/core';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../../shared/contract/coaching/tasks';
import { taskTypeKey } from '../../../../shared/domain/coaching/tasks';
import { tone } from '../../../components/tone';
import { avatarUrl, initials, taskTypeTone } from './format';

/** The kind of task as a coloured word: support request, exam review, milestone review, or task. */
export function TaskTypeBadge({ taskType }: { taskType: number }) {
  const { t } = useTranslation('coaching');
  const key = taskTypeKey(taskType);
  const color = taskTypeTone[key];
  return (
    <Badge variant={color ? 'light' : 'default'} {...(color ? tone(color) : {})} data-testid="task-type">
      {t(`type.${key}`)}
    </Badge>
  );
}

/** Open, completed, or in the trash. */
export function TaskStatusBadge({ task }: { task: Pick<Task, 'CompleteTheTask' | 'IsTrash'> }) {
  const { t } = useTranslation('coaching');
  if (task.IsTrash) {
    return (
      <Badge
        variant="light"
        {...tone('red')}
        leftSection={<IconTrash size={12} aria-hidden />}
        data-testid="task-status"
      >
        {t('status.trash')}
      </Badge>
    );
  }
  return task.CompleteTheTask ? (
    <Badge
      variant="light"
      {...tone('teal')}
      leftSection={<IconCircleCheck size={12} aria-hidden />}
      data-testid="task-status"
    >
      {t('status.completed')}
    </Badge>
  ) : (
    <Badge variant="default" data-testid="task-status">
      {t('status.open')}
    </Badge>
  );
}

/** The student's photo, or her initials; decorative beside her name unless `label` names it. */
export function StudentAvatar({
  name,
  userFileId,
  size = 40,
  label,
}: {
  name: string;
  userFileId: number | null;
  size?: number;
  label?: string;
}) {
  const src = avatarUrl(userFileId);
  return (
    <Avatar src={src} alt={label ?? ''} size={size} radius="xl" color="blue" aria-hidden={!label}>
      {initials(name)}
    </Avatar>
  );
}

/** A titled part of a task's page (its details, owner, completion, note, the submission under review). */
export function TaskSection({
  id,
  title,
  gap = 'sm',
  children,
  'data-testid': testId,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  gap?: MantineSpacing;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap={gap}>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
