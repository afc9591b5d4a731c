import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/LoadState';
import { filtersFromSearch, searchFromFilters } from './format';
import { NewTaskButton } from './NewTaskButton';
import { useTasks } from './queries';
import { TaskFilterBar } from './TaskFilterBar';
import { TaskList } from './TaskList';

/** /Tasks: the staff's tasks, filtered by condition, trash and course (spec §2, §7 get_tasks). */
export default function TasksPage() {
  const { t } = useTranslation('coaching');
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
        <QueryState query={tasks}>
          {(list) => (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" role="status" data-testid="task-count">
                {list.length === 0 ? empty : t('list.count', { count: list.length })}
              </Text>
              {list.length > 0 && <TaskList tasks={list} />}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
