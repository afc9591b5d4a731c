import { Button, Card, Container, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CallAnswer } from '../../../../shared/contract/define';
import type { eartraining } from '../../../../shared/contract/eartraining/eartraining';
import { semitonesOf } from '../../../../shared/domain/eartraining/intervals';
import { MASTERED_STREAK, practiceState } from '../../../../shared/domain/eartraining/practice';
import { type Exercise, exercises } from '../../../../shared/domain/eartraining/rounds';
import { UserType } from '../../../../shared/domain/roles';
import { useSession } from '../../../app/session';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { useProgress, useXpRules } from '../progress';
import { XpRulesForm } from './XpRulesForm';

type Results = CallAnswer<typeof eartraining.calls.get_progress>;

const percent = (right: number, answered: number) => (answered === 0 ? 0 : Math.round((100 * right) / answered));

/**
 * /EarTraining: the exercises with what each asks and a way to start at once; signed in, the learner's accuracy and
 * mastered intervals per exercise, her accuracy per interval and what she mixes up.
 */
export function EarTrainingHubPage() {
  const { t } = useTranslation('eartraining');
  const session = useSession();
  const signedIn = session.token !== null;
  const progress = {
    NameTheInterval: useProgress('NameTheInterval'),
    KeyboardIntervals_1: useProgress('KeyboardIntervals_1'),
  };

  return (
    <Container size="md" py="xl">
      <PageHeading title={t('hub.title')} intro={t('hub.intro')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {exercises.map((exercise) => (
          <ExerciseCard key={exercise} exercise={exercise} progress={signedIn ? progress[exercise].data : undefined} />
        ))}
      </SimpleGrid>
      {!signedIn && (
        <Text mt="lg">
          {t('hub.signInToKeep')} <Link to="/login">{t('hub.signIn')}</Link>
        </Text>
      )}
      {session.user?.UserType === UserType.admin && <XpRulesForm />}
      {signedIn &&
        exercises.map((exercise) => {
          const query = progress[exercise];
          return (
            <section key={exercise} aria-labelledby={`results-${exercise}`}>
              <Title order={2} size="h3" mt="xl" mb="sm" id={`results-${exercise}`}>
                {t('hub.results', { exercise: t(`exercises.${exercise}.title`) })}
              </Title>
              {query.isError ? (
                <LoadError />
              ) : query.data ? (
                <ResultTables progress={query.data} />
              ) : (
                <Loading section />
              )}
            </section>
          );
        })}
    </Container>
  );
}

function ExerciseCard({ exercise, progress }: { exercise: Exercise; progress: Results | undefined }) {
  const { t } = useTranslation('eartraining');
  const title = t(`exercises.${exercise}.title`);
  const answered = progress?.Intervals.reduce((sum, row) => sum + row.Answered, 0) ?? 0;
  const right = progress?.Intervals.reduce((sum, row) => sum + row.Right, 0) ?? 0;
  const state = progress
    ? practiceState(progress.Recent.map((answer) => ({ played: answer.Played, chosen: answer.Chosen })))
    : {};
  const mastered = Object.values(state).filter((record) => record && record.streak >= MASTERED_STREAK).length;

  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={`exercise-${exercise}`}
      data-testid={`exercise-${exercise}`}
    >
      <Stack gap="sm" h="100%">
        <Title order={2} size="h3" id={`exercise-${exercise}`}>
          {title}
        </Title>
        <Text size="sm" style={{ flexGrow: 1 }}>
          {t(`exercises.${exercise}.description`)}
        </Text>
        {progress && (
          <Stack gap={2} data-testid="exercise-accuracy">
            <Text size="sm" fw={500}>
              {answered === 0
                ? t('hub.notPractised')
                : t('hub.accuracy', { percent: percent(right, answered), count: answered })}
            </Text>
            {answered > 0 && (
              <Text size="sm" c="dimmed">
                {t('hub.mastered', { count: mastered, total: progress.Intervals.length })}
              </Text>
            )}
          </Stack>
        )}
        <Group>
          <Button
            component={Link}
            to={`/EarTraining/${exercise}`}
            aria-label={t('hub.startExercise', { exercise: title })}
          >
            {t('hub.start')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function XpToday({ count }: { count: number }) {
  const { t } = useTranslation('eartraining');
  const rules = useXpRules();
  if (!rules.data) return null;
  return <Text size="sm">{t('hub.xpToday', { count, max: rules.data.DailyMax })}</Text>;
}

function ResultTables({ progress }: { progress: Results }) {
  const { t } = useTranslation('eartraining');
  const practised = progress.Intervals.filter((row) => row.Answered > 0).sort(
    (a, b) => semitonesOf(a.Interval) - semitonesOf(b.Interval),
  );
  const confusions = [...progress.Confusions].sort((a, b) => b.Count - a.Count);
  if (practised.length === 0) return <Text>{t('hub.notPractised')}</Text>;
  return (
    <Stack gap="lg">
      <XpToday count={progress.XpToday} />
      <div>
        <Title order={3} size="h4" mb="xs">
          {t('hub.perInterval')}
        </Title>
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-testid="interval-accuracy">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('hub.interval')}</Table.Th>
                <Table.Th scope="col">{t('hub.answered')}</Table.Th>
                <Table.Th scope="col">{t('hub.right')}</Table.Th>
                <Table.Th scope="col">{t('hub.accuracyColumn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {practised.map((row) => (
                <Table.Tr key={row.Interval} data-interval={row.Interval}>
                  <Table.Th scope="row" fw={400}>
                    {t(`intervals.${row.Interval}`)}
                  </Table.Th>
                  <Table.Td>{row.Answered}</Table.Td>
                  <Table.Td>{row.Right}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress
                        value={percent(row.Right, row.Answered)}
                        w={80}
                        aria-label={`${t(`intervals.${row.Interval}`)}: ${percent(row.Right, row.Answered)} %`}
                      />
                      <Text size="sm">{percent(row.Right, row.Answered)} %</Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
      <div>
        <Title order={3} size="h4" mb="xs">
          {t('hub.confusions')}
        </Title>
        {confusions.length === 0 ? (
          <Text size="sm">{t('hub.noConfusions')}</Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} data-testid="confusions">
            {confusions.map((row) => (
              <Text component="li" size="sm" key={`${row.Played}-${row.Chosen}`}>
                {t('hub.confusion', { played: t(`intervals.${row.Played}`), chosen: t(`intervals.${row.Chosen}`) })}
                {': '}
                {t('hub.times', { count: row.Count })}
              </Text>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
