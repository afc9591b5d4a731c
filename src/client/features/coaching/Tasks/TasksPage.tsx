import { Alert, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { filtersFromSearch, searchFromFilters } from './format';
import { NewTaskButton } from './NewTaskButton';
import { useTasks } from './queries';
import { TaskFilterBar } from './TaskFilterBar';
import { TaskList } from './TaskList';

/** /Tasks: the staff's tasks, filtered by condition, trash and course (spec §2, §7 get_tasks). */
export default function TasksPage() {
  const { t } = useTranslation(['tasks', 'shell']);
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const tasks = useTasks(filters);

  const empty = filters.trash
    ? t('list.emptyTrash')
    : filters.condition === 'open' && filters.courseId === null
      ? t('list.emptyOpen')
      : t('list.empty');

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('list.title')}</Title>
        <NewTaskButton courseId={filters.courseId} />
      </Group>
      <Text c="dimmed" mt="xs" mb="lg">
        {t('list.intro')}
      </Text>
      <Stack gap="lg">
        <TaskFilterBar
          filters={filters}
          onChange={(next) => setSearch(searchFromFilters({ ...filters, ...next }), { replace: true })}
        />
        {tasks.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('loadFailed')}
          </Alert>
        ) : tasks.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label={t('shell:loading')} />
          </Center>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" role="status" data-testid="task-count">
              {tasks.data.length === 0 ? empty : t('list.count', { count: tasks.data.length })}
            </Text>
            {tasks.data.length > 0 && <TaskList tasks={tasks.data} />}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
