import { Anchor, Button, Container, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { SurveyStatus } from '../../../../shared/domain/surveys/surveys';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { showToast } from '../../../components/toast';
import { useSurveyChange, useSurveys } from '../queries';
import { SurveyEditor } from './SurveyEditor';
import { SurveyResults } from './SurveyResults';
import { SurveyStatusBadge } from './SurveyStatusBadge';

/**
 * /admin/surveys (administrators), /admin/surveys/:id (a survey's editor; 0: a new one) and
 * /admin/surveys/:id/results: one chunk, which picks the page by the address.
 */
export default function SurveysAdminPage() {
  const { pathname } = useLocation();
  const match = pathname.match(/^\/admin\/surveys\/(\d+)(\/results)?\/?$/);
  if (!match) return <SurveyList />;
  const id = Number(match[1]);
  return match[2] ? <SurveyResults surveyId={id} /> : <SurveyEditor key={id} surveyId={id} />;
}

function SurveyList() {
  const { t, i18n } = useTranslation('surveys');
  const navigate = useNavigate();
  const surveys = useSurveys();
  const day = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'medium' }).format(
          new Date(iso),
        )
      : '–';
  const duplicate = useSurveyChange((id: number) => call('surveys.php', 'duplicate_survey', { Id: id }));
  const setStatus = useSurveyChange((data: { Id: number; Status: SurveyStatus }) =>
    call('surveys.php', 'set_survey_status', data),
  );
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      showToast(done, 'green');
    } catch (error) {
      showToast(errorText(error), 'red');
    }
  };
  return (
    <Container size="xl" py="xl">
      <PageHeading title={t('list.title')} intro={t('list.intro')} />
      <Stack gap="lg">
        <Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => navigate('/admin/surveys/0')}
            data-testid="survey-new"
          >
            {t('list.create')}
          </Button>
        </Group>
        {surveys.isError && !surveys.data ? (
          <LoadError>{t('list.loadFailed')}</LoadError>
        ) : !surveys.data ? (
          <Loading section />
        ) : surveys.data.length === 0 ? (
          <Text c="dimmed">{t('list.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped data-testid="survey-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('list.columns.title')}</Table.Th>
                  <Table.Th scope="col">{t('list.columns.status')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('list.columns.responses')}
                  </Table.Th>
                  <Table.Th scope="col">{t('list.columns.opens')}</Table.Th>
                  <Table.Th scope="col">{t('list.columns.closes')}</Table.Th>
                  <Table.Th scope="col">{t('list.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {surveys.data.map((survey) => (
                  <Table.Tr key={survey.Id} data-testid="survey-row">
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/surveys/${survey.Id}`}>
                        {survey.Title || t('list.untitled')}
                      </Anchor>
                      {survey.Anonymous && (
                        <Text size="xs" c="dimmed">
                          {t('list.anonymous')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <SurveyStatusBadge status={survey.Status} />
                    </Table.Td>
                    <Table.Td ta="right">{survey.Responses}</Table.Td>
                    <Table.Td>{day(survey.OpensAt)}</Table.Td>
                    <Table.Td>{day(survey.ClosesAt)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" component={Link} to={`/admin/surveys/${survey.Id}/results`}>
                          {t('list.results')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('list.duplicateLabel', { title: survey.Title })}
                          onClick={() => void run(() => duplicate.mutateAsync(survey.Id), t('list.duplicated'))}
                        >
                          {t('list.duplicate')}
                        </Button>
                        {survey.Status !== 'open' ? (
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={t('list.openLabel', { title: survey.Title })}
                            onClick={() =>
                              void run(() => setStatus.mutateAsync({ Id: survey.Id, Status: 'open' }), t('list.opened'))
                            }
                            data-testid="survey-open"
                          >
                            {t('list.open')}
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={t('list.closeLabel', { title: survey.Title })}
                            onClick={() =>
                              void run(
                                () => setStatus.mutateAsync({ Id: survey.Id, Status: 'closed' }),
                                t('list.closed'),
                              )
                            }
                            data-testid="survey-close"
                          >
                            {t('list.close')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}
