import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MASTERED_STREAK, practiceState } from '../../../../shared/domain/eartraining/practice';
import { type Exercise, exercises } from '../../../../shared/domain/eartraining/rounds';
import { UserType } from '../../../../shared/domain/roles';
import { useSession } from '../../../app/session';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { percent, type Results, useProgress } from '../progress';

// A learner's tables load for the signed in, administrators' form for them alone.
const ResultTables = lazy(() => import('./Results').then((m) => ({ default: m.ResultTables })));
const XpRulesForm = lazy(() => import('./XpRulesForm').then((m) => ({ default: m.XpRulesForm })));

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
      {session.user?.UserType === UserType.admin && (
        <Suspense fallback={<Loading section />}>
          <XpRulesForm />
        </Suspense>
      )}
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
