import { Button, Container, Group, Text, Title } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Answer } from '../../../../shared/domain/eartraining/practice';
import { type Exercise, exercises } from '../../../../shared/domain/eartraining/rounds';
import { useSession } from '../../../app/session';
import { BackLink } from '../../../components/BackLink';
import { LoadError, Loading } from '../../../components/LoadState';
import { NotFoundNotice } from '../../../components/Notices';
import { XpDialog } from '../../learning';
import { stopAll } from '../audio/instrument';
import { useProgress } from '../progress';
import { useExerciseSettings } from '../settings';
import { KeyboardIntervals } from './KeyboardIntervals';
import { NameTheInterval } from './NameTheInterval';

// The settings' form and its fields load when it opens.
const SettingsDialog = lazy(() => import('./SettingsDialog').then((m) => ({ default: m.SettingsDialog })));

/** /EarTraining/:subpage: one of the exercises of spec §2, or a not-found notice for any other name. */
export function ExercisePage() {
  const { subpage } = useParams();
  const { t } = useTranslation('eartraining');
  const exercise = exercises.find((name) => name === subpage);
  useEffect(() => stopAll, []);
  if (!exercise) {
    return (
      <Container size="md" py="xl">
        <BackLink to="/EarTraining">{t('exercise.allExercises')}</BackLink>
        <NotFoundNotice
          title={t('hub.notFound')}
          text={t('hub.notFoundText')}
          link={{ to: '/EarTraining', label: t('hub.title') }}
          mt="md"
        />
      </Container>
    );
  }
  return <ExerciseScreen key={exercise} exercise={exercise} />;
}

function ExerciseScreen({ exercise }: { exercise: Exercise }) {
  const { t } = useTranslation('eartraining');
  const session = useSession();
  const settings = useExerciseSettings(exercise);
  const progress = useProgress(exercise);
  const recent = progress.data?.Recent.map((answer): Answer => ({ played: answer.Played, chosen: answer.Chosen }));
  const [editing, setEditing] = useState(false);
  const signedIn = session.token !== null;
  const waiting = settings.settings === null || (signedIn && progress.isPending);

  return (
    <Container size="md" py="xl">
      <BackLink to="/EarTraining">{t('exercise.allExercises')}</BackLink>
      <Group justify="space-between" align="flex-start" mt="md" gap="sm">
        <Title order={1}>{t(`exercises.${exercise}.title`)}</Title>
        <Button
          variant="default"
          leftSection={<IconAdjustments size={16} aria-hidden />}
          onClick={() => setEditing(true)}
          disabled={settings.settings === null}
          data-testid="eartraining-settings-open"
        >
          {t('exercise.settings')}
        </Button>
      </Group>
      <Text c="dimmed" mt="xs" mb="xl">
        {t(`exercises.${exercise}.description`)}
      </Text>
      {settings.failed || progress.isError ? (
        <LoadError />
      ) : waiting || settings.settings === null ? (
        <Loading />
      ) : (
        // New settings start the round afresh.
        <div key={JSON.stringify(settings.settings)}>
          {exercise === 'NameTheInterval' ? (
            <NameTheInterval settings={settings.settings} recent={signedIn ? recent : undefined} />
          ) : (
            <KeyboardIntervals
              settings={settings.settings}
              recent={signedIn ? recent : undefined}
              keysEnabled={!editing}
            />
          )}
          {editing && (
            <Suspense fallback={null}>
              <SettingsDialog
                exercise={exercise}
                settings={settings.settings}
                opened={editing}
                onClose={() => setEditing(false)}
                onSave={settings.save}
              />
            </Suspense>
          )}
        </div>
      )}
      <Text size="xs" c="dimmed" mt="xl">
        {t('exercise.credit')}
      </Text>
      {signedIn && (
        // Only a signed-in learner earns xp: a visitor's page loads no dialog for it.
        <Suspense fallback={null}>
          <XpDialog />
        </Suspense>
      )}
    </Container>
  );
}
