import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { download } from '../../../app/api';
import { errorText, isMissing } from '../../../components/errorText';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { saveFile } from '../../../components/saveFile';
import { showToast } from '../../../components/toast';
import { useCompanyOptions, useCourseOptions } from '../../administration';
import { type ResultsFilter, useSurveyAdmin, useSurveyResults } from '../queries';

type Result = NonNullable<ReturnType<typeof useSurveyResults>['data']>['Questions'][number];

/**
 * /admin/surveys/:id/results: the responses (of a course, a company, a span of days) and, per question, a bar chart
 * of its options or values with the mean and a 0–10 scale's net promoter score, or its free-text answers, searchable;
 * the responses as CSV.
 */
export function SurveyResults({ surveyId }: { surveyId: number }) {
  const { t, i18n } = useTranslation('surveys');
  const survey = useSurveyAdmin(surveyId);
  const courses = useCourseOptions();
  const companies = useCompanyOptions();
  const [courseId, setCourseId] = useState<string | null>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search, 300);
  const filter: ResultsFilter = {
    CourseId: courseId ? Number(courseId) : 0,
    CompanyId: companyId ? Number(companyId) : 0,
    From: from || null,
    To: to || null,
    Search: searched.trim(),
  };
  const results = useSurveyResults(surveyId, filter);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, name } = await download('surveys.php', 'export_survey_results', { Id: surveyId, ...filter });
      saveFile(blob, name);
    } catch (error) {
      showToast(errorText(error), 'red');
    } finally {
      setExporting(false);
    }
  };
  const title = survey.data
    ? (survey.data.Texts[i18n.language === 'sv' ? 'sv' : 'en'] ?? Object.values(survey.data.Texts)[0])?.Title
    : '';
  const answer = results.data;
  const rate = answer?.AudienceSize ? Math.round((answer.Responses / Math.max(1, answer.AudienceSize)) * 100) : null;
  return (
    <Container size="lg" py="xl">
      <PageHeading title={t('results.title')} intro={title ?? ''} />
      <Stack gap="lg">
        <Group gap="md">
          <Anchor component={Link} to="/admin/surveys" size="sm">
            {t('editor.back')}
          </Anchor>
          <Anchor component={Link} to={`/admin/surveys/${surveyId}`} size="sm">
            {t('results.edit')}
          </Anchor>
        </Group>
        <Paper withBorder p="md" component="section" aria-labelledby="results-filters">
          <Title order={2} size="h4" id="results-filters" mb="sm">
            {t('results.filters')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Select
              label={t('results.course')}
              data={(courses.data ?? []).map((c) => ({ value: String(c.Id), label: c.Name }))}
              value={courseId}
              onChange={setCourseId}
              clearable
              searchable
            />
            {!survey.data?.Anonymous && (
              <Select
                label={t('results.company')}
                data={(companies.data ?? []).map((c) => ({ value: String(c.Id), label: c.Name }))}
                value={companyId}
                onChange={setCompanyId}
                clearable
                searchable
              />
            )}
            <TextInput
              type="date"
              label={t('results.from')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput type="date" label={t('results.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          </SimpleGrid>
        </Paper>
        {results.isError && !answer ? (
          <ErrorAlert>{isMissing(results.error) ? t('editor.notFound') : t('results.loadFailed')}</ErrorAlert>
        ) : !answer ? (
          <Loading section />
        ) : (
          <>
            <Group justify="space-between">
              <Text data-testid="results-responses">
                {t('results.responses', { count: answer.Responses })}
                {rate !== null && ` · ${t('results.rate', { rate, size: answer.AudienceSize })}`}
              </Text>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={exporting}
                onClick={() => void exportCsv()}
                data-testid="results-csv"
              >
                {t('results.csv')}
              </Button>
            </Group>
            {answer.Questions.map((question, index) => (
              <QuestionResult
                key={question.Id}
                result={question}
                number={index + 1}
                search={search}
                onSearch={setSearch}
              />
            ))}
          </>
        )}
      </Stack>
    </Container>
  );
}

function QuestionResult({
  result,
  number,
  search,
  onSearch,
}: {
  result: Result;
  number: number;
  search: string;
  onSearch(value: string): void;
}) {
  const { t, i18n } = useTranslation('surveys');
  const decimal = new Intl.NumberFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', { maximumFractionDigits: 2 });
  const headingId = `result-${result.Id}`;
  const labels =
    result.Kind === 'single' || result.Kind === 'multiple'
      ? result.Options
      : result.Kind === 'yes_no'
        ? [t('answer.no'), t('answer.yes')]
        : result.Counts.map((_, i) => String((result.Counts.length === 11 ? 0 : 1) + i));
  const data = result.Counts.map((count, i) => ({ label: labels[i] ?? String(i), count }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="question-result">
      <Title order={2} size="h4" id={headingId}>
        {number}. {result.Text}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('results.answered', { count: result.Answered })}
        {result.Mean !== null &&
          result.Kind === 'scale' &&
          ` · ${t('results.mean', { mean: decimal.format(result.Mean) })}`}
        {result.Nps !== null && ` · ${t('results.nps', { nps: result.Nps })}`}
      </Text>
      {result.Kind === 'text' ? (
        <Stack gap="xs">
          <TextInput
            label={t('results.search')}
            value={search}
            onChange={(event) => onSearch(event.currentTarget.value)}
            maw={360}
          />
          {result.Texts.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('results.noTexts')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={{ paddingLeft: 20, margin: 0 }} data-testid="result-texts">
              {result.Texts.map((text, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same text may come twice
                <Text key={i} component="li" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {text}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      ) : (
        <>
          <BarChart
            h={Math.max(160, data.length * 36)}
            data={data}
            dataKey="label"
            orientation="vertical"
            series={[{ name: 'count', label: t('results.count'), color: 'blue.6' }]}
            gridAxis="x"
            withBarValueLabel
            withTooltip={false}
            // The figures are in the table below for screen readers; the chart is for the eye, and takes no focus.
            barChartProps={{ accessibilityLayer: false }}
            aria-hidden
          />
          {/* The chart's figures as a table for screen readers. */}
          <table style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            <caption>{result.Text}</caption>
            <tbody>
              {data.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Paper>
  );
}
