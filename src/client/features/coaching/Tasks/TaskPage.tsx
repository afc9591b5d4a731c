import { Alert, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Task } from '../../../../shared/contract/coaching/tasks';
import { taskTypeKey } from '../../../../shared/domain/coaching/tasks';
import { BackLink } from '../../../components/BackLink';
import { errorText, isMissing } from '../../../components/errorText';
import { QueryState } from '../../../components/LoadState';
import { NotFoundNotice, PageLoadError } from '../../../components/Notices';
import { showToast } from '../../../components/toast';
import { ExamReview } from './ExamReview';
import { isSupportTask, taskIdFromParam } from './format';
import { useTask, useUpdateTask } from './queries';
import { TaskStatusBadge, TaskTypeBadge } from './TaskBits';
import { TaskConversation } from './TaskConversation';
import { TaskDetails } from './TaskDetails';
import { TaskNote } from './TaskNote';
import classes from './tasks.module.css';

/** /Tasks/:id: one task with its note, owner, completion and trash; a submission's review (spec §2, §7). */
export default function TaskPage() {
  const { t } = useTranslation('coaching');
  const params = useParams();
  const taskId = taskIdFromParam(params.id ?? null);
  const task = useTask(taskId);

  const back = <BackLink to="/Tasks">{t('detail.back')}</BackLink>;

  const notFound = taskId === null || isMissing(task.error);

  if (notFound) {
    return (
      <Container size="md" py="xl" data-testid="task-not-found">
        {back}
        <NotFoundNotice title={t('detail.notFound')} text={t('detail.notFoundText')} mt="md" />
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      {back}
      <QueryState query={task} error={<PageLoadError title={t('list.title')} mt="md" />}>
        {(data) => <TaskView task={data} />}
      </QueryState>
    </Container>
  );
}

function TaskView({ task }: { task: Task }) {
  const { t } = useTranslation('coaching');
  const type = t(`type.${taskTypeKey(task.TaskType)}`);
  return (
    <article aria-labelledby="task-title" data-testid="task-page" data-task-id={task.Id}>
      <Group gap="xs" mt="md">
        <TaskTypeBadge taskType={task.TaskType} />
        <TaskStatusBadge task={task} />
      </Group>
      <Title order={1} mt="xs" id="task-title" className={classes.title}>
        {task.UserRealName
          ? t('detail.titleFrom', { type, name: task.UserRealName })
          : t('detail.title', { type, id: task.Id })}
      </Title>
      {task.IsTrash && <TrashNotice task={task} />}
      <Grid mt="lg" gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <section aria-labelledby="task-description">
              <Title order={2} size="h4" id="task-description" mb="xs">
                {isSupportTask(task) ? t('detail.supportMessage') : t('detail.description')}
              </Title>
              <Text
                component={isSupportTask(task) ? 'blockquote' : 'p'}
                m={0}
                className={isSupportTask(task) ? classes.supportMessage : classes.description}
                data-testid="task-description"
              >
                {task.Description}
              </Text>
            </section>
            {task.UserExamId !== null && task.UserId !== null && task.CourseId !== null && (
              <ExamReview
                task={task}
                exam={{ userExamId: task.UserExamId, userId: task.UserId, courseId: task.CourseId }}
              />
            )}
            <TaskConversation task={task} />
            <TaskNote task={task} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TaskDetails task={task} />
        </Grid.Col>
      </Grid>
    </article>
  );
}

function TrashNotice({ task }: { task: Task }) {
  const { t } = useTranslation('coaching');
  const update = useUpdateTask();
  return (
    <Alert variant="light" color="gray" mt="md" data-testid="trash-notice">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('detail.inTrash')}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRestore size={14} aria-hidden />}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { task, changes: { IsTrash: false } },
              {
                onSuccess: () => showToast(t('trash.restored'), 'green'),
                onError: (error) => showToast(t('saveFailed', { reason: errorText(error) }), 'red'),
              },
            )
          }
        >
          {t('trash.restore')}
        </Button>
      </Group>
    </Alert>
  );
}
