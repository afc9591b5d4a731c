import { Anchor, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconTrash, IconUserCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '../../../../shared/contract/coaching/tasks';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/dates';
import { errorText } from '../../../components/errorText';
import { showToast } from '../../../components/toast';
import { toneText } from '../../../components/tone';
import { useExamById } from '../exams/exams';
import { useOwnerOptions } from './owners';
import { type TaskChanges, useUpdateTask } from './queries';
import { StudentAvatar, TaskSection } from './TaskBits';
import classes from './tasks.module.css';

/** The side of a task's page: who and what it is about, its owner, its completion and the trash. */
export function TaskDetails({ task }: { task: Task }) {
  const { t } = useTranslation('coaching');
  return (
    <Stack gap="lg">
      <TaskSection id="task-details" title={t('detail.details')}>
        <dl className={classes.details}>
          {task.UserRealName && (
            <Detail term={t('detail.student')}>
              <Group gap="xs" wrap="nowrap">
                <StudentAvatar name={task.UserRealName} userFileId={task.UserFileId} size={28} />
                <span data-testid="task-student">{task.UserRealName}</span>
              </Group>
            </Detail>
          )}
          <Detail term={t('detail.course')}>
            {task.CourseId !== null && task.CourseName ? (
              <Anchor component={Link} to={`/course/${task.CourseId}`}>
                {task.CourseName}
              </Anchor>
            ) : (
              t('detail.noCourse')
            )}
          </Detail>
          <Detail term={t('detail.created')}>{formatDateTime(task.CDate)}</Detail>
          {task.EventStartDate && <Detail term={t('detail.starts')}>{formatDateTime(task.EventStartDate)}</Detail>}
        </dl>
      </TaskSection>
      <OwnerField task={task} />
      <Completion task={task} />
      {!task.IsTrash && <TrashButton task={task} />}
    </Stack>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={classes.detail}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

function useChange(task: Task) {
  const { t } = useTranslation('coaching');
  const update = useUpdateTask();
  const change = (changes: TaskChanges, done: string) =>
    update.mutate(
      { task, changes },
      {
        onSuccess: () => showToast(done, 'green'),
        onError: (error) => showToast(t('saveFailed', { reason: errorText(error) }), 'red'),
      },
    );
  return { change, busy: update.isPending };
}

function OwnerField({ task }: { task: Task }) {
  const { t } = useTranslation('coaching');
  const { user } = useSession();
  const { change, busy } = useChange(task);
  const me = user?.Id ?? null;
  const options = useOwnerOptions(task);
  return (
    <TaskSection id="task-owner" title={t('owner.label')}>
      <NativeSelect
        aria-labelledby="task-owner"
        value={String(task.TaskOwner)}
        data={options}
        disabled={busy || task.IsTrash}
        onChange={(event) => change({ TaskOwner: Number(event.currentTarget.value) }, t('owner.saved'))}
        data-testid="task-owner"
      />
      {me !== null && task.TaskOwner !== me && !task.IsTrash && (
        <Button
          variant="default"
          leftSection={<IconUserCheck size={16} aria-hidden />}
          onClick={() => change({ TaskOwner: me }, t('owner.saved'))}
          loading={busy}
        >
          {t('owner.take')}
        </Button>
      )}
    </TaskSection>
  );
}

function Completion({ task }: { task: Task }) {
  const { t } = useTranslation('coaching');
  const { change, busy } = useChange(task);
  // A review task is completed by approving or returning its submission while that waits.
  const exam = useExamById(
    task.UserExamId !== null && task.UserId !== null && task.CourseId !== null
      ? { userExamId: task.UserExamId, userId: task.UserId, courseId: task.CourseId }
      : null,
  );
  const waitsForReview = exam.data?.Status === 'submitted';
  const completedBy =
    task.CompletedByUserId === null
      ? t('nobody')
      : (task.CompletedByName ?? t('staffMember', { id: task.CompletedByUserId }));

  return (
    <TaskSection id="task-completion" title={t('completion.title')} data-testid="task-completion">
      {task.CompleteTheTask && task.CompletedDate ? (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconCircleCheck size={20} aria-hidden className={classes.doneIcon} />
            <Text data-testid="task-completed-by">
              {t('completion.completedBy', {
                name: completedBy,
                date: formatDateTime(task.CompletedDate),
              })}
            </Text>
          </Group>
          <Button
            variant="default"
            onClick={() => change({ CompleteTheTask: false }, t('completion.reopened'))}
            loading={busy}
            disabled={task.IsTrash}
          >
            {t('completion.reopen')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>{waitsForReview ? t('completion.waitsForReview') : t('completion.open')}</Text>
          {!waitsForReview && (
            <Button
              leftSection={<IconCircleCheck size={16} aria-hidden />}
              onClick={() => change({ CompleteTheTask: true }, t('completion.completed'))}
              loading={busy}
              disabled={task.IsTrash}
            >
              {t('completion.complete')}
            </Button>
          )}
        </Stack>
      )}
    </TaskSection>
  );
}

function TrashButton({ task }: { task: Task }) {
  const { t } = useTranslation('coaching');
  const { change, busy } = useChange(task);
  return (
    <Button
      variant="default"
      {...toneText('red')}
      leftSection={<IconTrash size={16} aria-hidden />}
      onClick={() => change({ IsTrash: true }, t('trash.moved'))}
      loading={busy}
    >
      {t('trash.move')}
    </Button>
  );
}
