import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminRole } from '../../../shared/domain/roles';
import type { Granularity, StatisticsView } from '../../../shared/domain/statistics/statistics';
import { download } from '../../app/api';
import { useSession } from '../../app/session';
import { errorText } from '../../components/errorText';
import { LoadError, Loading } from '../../components/LoadState';
import { PageHeading } from '../../components/PageHeading';
import { saveFile } from '../../components/saveFile';
import { showToast } from '../../components/toast';
import { useCompanyOptions } from '../administration';
import { Gradebook } from './Gradebook';
import {
  type Filter,
  useCourseFunnel,
  useCourseStatistics,
  useEngagementStatistics,
  useLearnerStatistics,
  useSalesStatistics,
} from './queries';

/**
 * /statistics (staff): learners, courses with a course's per-part funnel, engagement and sales (administrators),
 * for a period, a course and a company; each view as a chart, a table and CSV. A coach sees the courses he coaches.
 */
export default function StatisticsPage() {
  const { t } = useTranslation('statistics');
  const { user } = useSession();
  const isAdmin = user !== null && isAdminRole(user.UserType, user.privilegies);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [granularity, setGranularity] = useState<string | null>(null);
  const [courseId, setCourseId] = useState<string | null>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [view, setView] = useState<Tab>('learners');
  const filter: Filter = {
    From: from || null,
    To: to || null,
    Granularity: (granularity as Granularity | null) ?? null,
    CourseId: courseId ? Number(courseId) : 0,
    CompanyId: companyId ? Number(companyId) : 0,
  };
  // The courses the caller may see, for the course filter and the funnel's default.
  const allCourses = useCourseStatistics({ ...filter, CourseId: 0 }, true);
  const companies = useCompanyOptions();
  const courseOptions = (allCourses.data?.Courses ?? []).map((c) => ({ value: String(c.CourseId), label: c.Name }));
  const views: Tab[] = isAdmin
    ? ['learners', 'courses', 'funnel', 'gradebook', 'engagement', 'sales']
    : ['learners', 'courses', 'funnel', 'gradebook', 'engagement'];
  // Without a chosen course, the funnel and the gradebook show the course with the most learners.
  const busiest = (allCourses.data?.Courses ?? []).reduce<{ CourseId: number; Enrolled: number } | null>(
    (best, course) => (best === null || course.Enrolled > best.Enrolled ? course : best),
    null,
  );
  const chosenCourse = courseId ? Number(courseId) : (busiest?.CourseId ?? null);
  return (
    <Container size="xl" py="xl">
      <PageHeading title={t('title')} intro={t('intro')} />
      <Stack gap="lg">
        <Paper withBorder p="md" component="section" aria-labelledby="statistics-filters">
          <Title order={2} size="h4" id="statistics-filters" mb="sm">
            {t('filters')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
            <TextInput type="date" label={t('from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <TextInput type="date" label={t('to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
            <Select
              label={t('granularity')}
              data={(['day', 'week', 'month'] as const).map((value) => ({ value, label: t(value) }))}
              value={granularity}
              onChange={setGranularity}
              placeholder={t('auto')}
              clearable
            />
            <Select
              label={t('course')}
              data={courseOptions}
              value={courseId}
              onChange={setCourseId}
              placeholder={t('allCourses')}
              clearable
              searchable
            />
            <Select
              label={t('company')}
              data={(companies.data ?? []).map((c) => ({ value: String(c.Id), label: c.Name }))}
              value={companyId}
              onChange={setCompanyId}
              placeholder={t('allCompanies')}
              clearable
              searchable
            />
          </SimpleGrid>
        </Paper>
        <Tabs value={view} onChange={(value) => value && setView(value as Tab)} keepMounted={false}>
          <Tabs.List>
            {views.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="learners" pt="md">
            <LearnersView filter={filter} />
          </Tabs.Panel>
          <Tabs.Panel value="courses" pt="md">
            <CoursesView filter={filter} />
          </Tabs.Panel>
          <Tabs.Panel value="funnel" pt="md">
            <FunnelView filter={filter} courseId={chosenCourse} />
          </Tabs.Panel>
          <Tabs.Panel value="gradebook" pt="md">
            <Gradebook courseId={chosenCourse} companyId={filter.CompanyId ?? 0} />
          </Tabs.Panel>
          <Tabs.Panel value="engagement" pt="md">
            <EngagementView filter={filter} />
          </Tabs.Panel>
          {isAdmin && (
            <Tabs.Panel value="sales" pt="md">
              <SalesView filter={filter} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </Container>
  );
}

/** The page's tabs: the views, and the gradebook. */
type Tab = StatisticsView | 'gradebook';

interface Column<R> {
  label: string;
  value(row: R): ReactNode;
  numeric?: boolean;
}

/** A view: its heading, its CSV, a chart for the eye (its figures are the table's) and the table. */
function ViewSection<R>({
  view,
  filter,
  heading,
  summary,
  chart,
  columns,
  rows,
  rowKey,
}: {
  view: StatisticsView;
  filter: Filter & { CourseId?: number | null };
  heading: string;
  summary?: ReactNode;
  chart: ReactNode;
  columns: Column<R>[];
  rows: R[];
  rowKey(row: R): string | number;
}) {
  const { t } = useTranslation('statistics');
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, name } = await download('statistics.php', 'export_statistics', { ...filter, View: view });
      saveFile(blob, name);
    } catch (error) {
      showToast(errorText(error), 'red');
    } finally {
      setExporting(false);
    }
  };
  const headingId = `statistics-${view}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid={`statistics-${view}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          {heading}
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
      {summary}
      {rows.length === 0 ? (
        <Text c="dimmed">{t('noData')}</Text>
      ) : (
        <>
          <div aria-hidden>{chart}</div>
          <Table.ScrollContainer minWidth={480} mt="md">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.label} ta={column.numeric ? 'right' : undefined}>
                      {column.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <Table.Td key={column.label} ta={column.numeric ? 'right' : undefined}>
                        {column.value(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}

/** The chart props every view shares: figures for the eye alone, no focus, no tooltip. */
const chartProps = { h: 260, withTooltip: false, withLegend: true } as const;

function Pending({ query }: { query: { isError: boolean; data: unknown } }) {
  const { t } = useTranslation('statistics');
  return query.isError && !query.data ? <LoadError>{t('loadFailed')}</LoadError> : <Loading section />;
}

function LearnersView({ filter }: { filter: Filter }) {
  const { t } = useTranslation('statistics');
  const query = useLearnerStatistics(filter, true);
  const data = query.data;
  if (!data) return <Pending query={query} />;
  return (
    <ViewSection
      view="learners"
      filter={filter}
      heading={t('learners.heading')}
      summary={
        <Text data-testid="learner-totals">
          {t('learners.totals', { active: data.Totals.Active, new: data.Totals.New, signIns: data.Totals.SignIns })}
        </Text>
      }
      chart={
        <LineChart
          {...chartProps}
          data={data.Series}
          dataKey="Period"
          lineChartProps={{ accessibilityLayer: false }}
          series={[
            { name: 'Active', label: t('learners.active'), color: 'blue.6' },
            { name: 'New', label: t('learners.new'), color: 'teal.6' },
            { name: 'SignIns', label: t('learners.signIns'), color: 'orange.6' },
          ]}
        />
      }
      columns={[
        { label: t('learners.period'), value: (r) => r.Period },
        { label: t('learners.active'), value: (r) => r.Active, numeric: true },
        { label: t('learners.new'), value: (r) => r.New, numeric: true },
        { label: t('learners.signIns'), value: (r) => r.SignIns, numeric: true },
      ]}
      rows={data.Series}
      rowKey={(r) => r.Period}
    />
  );
}

function CoursesView({ filter }: { filter: Filter }) {
  const { t } = useTranslation('statistics');
  const query = useCourseStatistics(filter, true);
  const data = query.data;
  if (!data) return <Pending query={query} />;
  return (
    <ViewSection
      view="courses"
      filter={filter}
      heading={t('courses.heading')}
      summary={
        <Text data-testid="exam-figures">
          {t('courses.exams')}: {t('courses.waiting', { count: data.Exams.Waiting })} ·{' '}
          {t('courses.reviewed', { count: data.Exams.Reviewed })}
          {data.Exams.MedianReviewHours !== null &&
            ` · ${t('courses.reviewHours', { hours: data.Exams.MedianReviewHours })}`}
        </Text>
      }
      chart={
        <BarChart
          {...chartProps}
          data={data.Courses}
          dataKey="Name"
          barChartProps={{ accessibilityLayer: false }}
          series={[
            { name: 'Enrolled', label: t('courses.enrolled'), color: 'blue.6' },
            { name: 'Started', label: t('courses.started'), color: 'teal.6' },
            { name: 'Completed', label: t('courses.completed'), color: 'orange.6' },
          ]}
        />
      }
      columns={[
        { label: t('courses.name'), value: (r) => r.Name },
        { label: t('courses.enrolled'), value: (r) => r.Enrolled, numeric: true },
        { label: t('courses.started'), value: (r) => r.Started, numeric: true },
        { label: t('courses.completed'), value: (r) => r.Completed, numeric: true },
        { label: t('courses.rate'), value: (r) => `${r.CompletionRate} %`, numeric: true },
        { label: t('courses.median'), value: (r) => r.MedianDaysToComplete ?? '–', numeric: true },
      ]}
      rows={data.Courses}
      rowKey={(r) => r.CourseId}
    />
  );
}

function FunnelView({ filter, courseId }: { filter: Filter; courseId: number | null }) {
  const { t } = useTranslation('statistics');
  const query = useCourseFunnel(filter, courseId);
  if (courseId === null) return <Text c="dimmed">{t('funnel.chooseCourse')}</Text>;
  const data = query.data;
  if (!data) return <Pending query={query} />;
  return (
    <ViewSection
      view="funnel"
      filter={{ ...filter, CourseId: courseId }}
      heading={t('funnel.heading', { course: data.Name })}
      summary={<Text data-testid="funnel-enrolled">{t('funnel.enrolled', { count: data.Enrolled })}</Text>}
      chart={
        <BarChart
          {...chartProps}
          withLegend={false}
          data={data.Parts}
          dataKey="SortNr"
          barChartProps={{ accessibilityLayer: false }}
          series={[{ name: 'Reached', label: t('funnel.reached'), color: 'blue.6' }]}
        />
      }
      columns={[
        { label: '#', value: (r) => r.SortNr, numeric: true },
        { label: t('funnel.part'), value: (r) => r.Name },
        { label: t('funnel.reached'), value: (r) => r.Reached, numeric: true },
        { label: t('funnel.rate'), value: (r) => `${r.ReachedRate} %`, numeric: true },
        {
          label: t('funnel.tests'),
          value: (r) =>
            r.Tests.map((test) =>
              t('funnel.passRate', { title: test.Title || test.Kind, passed: test.Passed, answered: test.Answered }),
            ).join('; '),
        },
      ]}
      rows={data.Parts}
      rowKey={(r) => r.PartId}
    />
  );
}

function EngagementView({ filter }: { filter: Filter }) {
  const { t } = useTranslation('statistics');
  const query = useEngagementStatistics(filter, true);
  const data = query.data;
  if (!data) return <Pending query={query} />;
  const series = [
    { name: 'Achievements', label: t('engagement.achievements'), color: 'blue.6' },
    { name: 'Certificates', label: t('engagement.certificates'), color: 'teal.6' },
    { name: 'Messages', label: t('engagement.messages'), color: 'orange.6' },
    { name: 'SupportRequests', label: t('engagement.support'), color: 'red.6' },
    { name: 'EarTraining', label: t('engagement.earTraining'), color: 'grape.6' },
  ] as const;
  return (
    <ViewSection
      view="engagement"
      filter={filter}
      heading={t('engagement.heading')}
      summary={<Text>{t('engagement.expiring', { count: data.CertificatesExpiringSoon })}</Text>}
      chart={
        <LineChart
          {...chartProps}
          data={data.Series}
          dataKey="Period"
          lineChartProps={{ accessibilityLayer: false }}
          series={[...series]}
        />
      }
      columns={[
        { label: t('learners.period'), value: (r) => r.Period },
        { label: t('engagement.xp'), value: (r) => r.Xp, numeric: true },
        ...series.map((s) => ({
          label: s.label,
          value: (r: (typeof data.Series)[number]) => r[s.name],
          numeric: true,
        })),
      ]}
      rows={data.Series}
      rowKey={(r) => r.Period}
    />
  );
}

function SalesView({ filter }: { filter: Filter }) {
  const { t, i18n } = useTranslation('statistics');
  const query = useSalesStatistics(filter, true);
  const data = query.data;
  if (!data) return <Pending query={query} />;
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', { style: 'currency', currency }).format(
      cents / 100,
    );
  const perPeriod = [...new Set(data.Rows.map((r) => r.Period))].map((Period) => ({
    Period,
    Orders: data.Rows.filter((r) => r.Period === Period).reduce((sum, r) => sum + r.Orders, 0),
  }));
  return (
    <ViewSection
      view="sales"
      filter={filter}
      heading={t('sales.heading')}
      chart={
        <BarChart
          {...chartProps}
          withLegend={false}
          data={perPeriod}
          dataKey="Period"
          barChartProps={{ accessibilityLayer: false }}
          series={[{ name: 'Orders', label: t('sales.orders'), color: 'blue.6' }]}
        />
      }
      columns={[
        { label: t('learners.period'), value: (r) => r.Period },
        { label: t('sales.product'), value: (r) => r.ProductName },
        { label: t('sales.orders'), value: (r) => r.Orders, numeric: true },
        { label: t('sales.revenue'), value: (r) => money(r.RevenueCents, r.Currency), numeric: true },
      ]}
      rows={data.Rows}
      rowKey={(r) => `${r.Period} ${r.ProductId} ${r.Currency}`}
    />
  );
}
