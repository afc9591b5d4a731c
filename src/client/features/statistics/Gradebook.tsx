import { Anchor, Badge, Button, Group, Paper, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { download } from '../../app/api';
import { formatDate } from '../../components/dates';
import { errorText } from '../../components/errorText';
import { ListPagination } from '../../components/ListPagination';
import { LoadError, Loading } from '../../components/LoadState';
import { SortHeader } from '../../components/SortHeader';
import { saveFile } from '../../components/saveFile';
import { showToast } from '../../components/toast';
import { type GradebookQuery, useGradebook } from './queries';

type Sort = NonNullable<GradebookQuery['Sort']>;

/**
 * A course's gradebook: every learner with her progress, each quiz's and test's result, each exam's state and her
 * last activity; sorted by a column, searched by name or address, 50 a page, the whole as CSV. A name opens the
 * learner's page in administration.
 */
export function Gradebook({ courseId, companyId }: { courseId: number | null; companyId: number }) {
  const { t } = useTranslation('statistics');
  const phone = useMediaQuery('(max-width: 48em)');
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<{ Sort: Sort; Dir: 'asc' | 'desc' }>({ Sort: 'name', Dir: 'asc' });
  const [page, setPage] = useState(1);
  const query: GradebookQuery | null =
    courseId === null ? null : { CourseId: courseId, CompanyId: companyId, Search: searched, ...sort, page };
  const book = useGradebook(query);
  const [exporting, setExporting] = useState(false);
  if (courseId === null) return <Text c="dimmed">{t('funnel.chooseCourse')}</Text>;
  const data = book.data;
  if (!data) return book.isError ? <LoadError>{t('loadFailed')}</LoadError> : <Loading section />;
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _, ...whole } = query as GradebookQuery;
      const { blob, name } = await download('statistics.php', 'export_gradebook', whole);
      saveFile(blob, name);
    } catch (error) {
      showToast(errorText(error), 'red');
    } finally {
      setExporting(false);
    }
  };
  const header = (column: Sort, label: string, align?: 'right') => (
    <SortHeader
      label={label}
      active={sort.Sort === column}
      desc={sort.Dir === 'desc'}
      onSort={(desc) => {
        setSort({ Sort: column, Dir: desc ? 'desc' : 'asc' });
        setPage(1);
      }}
      sortLabel={(desc) => t(desc ? 'gradebook.sortDescending' : 'gradebook.sortAscending', { column: label })}
      align={align}
      testId={`gradebook-sort-${column}`}
    />
  );
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="statistics-gradebook"
      data-testid="statistics-gradebook"
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="statistics-gradebook">
          {t('gradebook.heading', { course: data.Name })}
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          {t('csv')}
        </Button>
      </Group>
      <Group align="end" mb="sm">
        <TextInput
          label={t('gradebook.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={320}
          maw="100%"
        />
        <Text size="sm" c="dimmed" data-testid="gradebook-total">
          {t('gradebook.total', { count: data.Total })}
        </Text>
      </Group>
      {data.Learners.length === 0 ? (
        <Text c="dimmed">{t('gradebook.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {header('name', t('gradebook.learner'))}
                {header('progress', t('gradebook.progress'), 'right')}
                {data.Tests.map((test) => (
                  <Table.Th key={test.BlockId}>{`${test.Part}: ${test.Title || test.Kind}`}</Table.Th>
                ))}
                {data.Exams.map((exam) => (
                  <Table.Th key={exam.BlockId}>{`${exam.Part}: ${exam.Title || exam.Kind}`}</Table.Th>
                ))}
                {header('lastActivity', t('gradebook.lastActivity'))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.Learners.map((learner) => (
                <Table.Tr key={learner.UserId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/user/${learner.UserId}`}>
                      {learner.Name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {learner.Email}
                      {learner.Company && ` · ${learner.Company}`}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{learner.Progress} %</Table.Td>
                  {learner.Results.map((result, index) => (
                    <Table.Td key={data.Tests[index]?.BlockId ?? index}>
                      {result ? (
                        <Badge color={result.Passed ? 'green' : 'red'} variant="light">
                          {`${result.Score}/${result.MaxScore}`} ·{' '}
                          {t(result.Passed ? 'gradebook.passed' : 'gradebook.failed')}
                        </Badge>
                      ) : (
                        '–'
                      )}
                    </Table.Td>
                  ))}
                  {learner.Exams.map((exam, index) => (
                    <Table.Td key={data.Exams[index]?.BlockId ?? index}>
                      {exam
                        ? `${t(`gradebook.exam.${exam.State as 'in_progress' | 'submitted' | 'completed'}`)}${
                            exam.Score === null ? '' : ` · ${exam.Score}`
                          }`
                        : '–'}
                    </Table.Td>
                  ))}
                  <Table.Td>{learner.LastActivity ? formatDate(learner.LastActivity) : '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data.pagination.total_pages > 1 && (
        <ListPagination
          label={t('gradebook.pages')}
          total={data.pagination.total_pages}
          page={page}
          onChange={setPage}
          compact={phone}
        />
      )}
    </Paper>
  );
}
