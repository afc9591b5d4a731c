import { Alert, Loader, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockOf } from '../../../../shared/contract/learning/courseShapes';
import { alertTone } from '../../../components/tone';
import { CourseExercise } from '../../eartraining';
import { useBlockHost } from './BlockHost';

/**
 * An ear-training exercise in a course: the block's exercise and settings, its pass mark and the learner's best
 * round. On a course page each round is stored for the block, and a passing one completes the part as a passed test
 * does; elsewhere (a free lesson, the editor's preview) the exercise is practice.
 */
export function EarTrainingBlock({ block }: { block: BlockOf<'EarTraining'> }) {
  const { t } = useTranslation('learning');
  const host = useBlockHost();
  const { exercise, settings, passPercent, result } = block.Content;
  const { exerciseSaved } = host;
  return (
    <Stack gap="md" data-testid="eartraining-block">
      <Text size="sm" c="dimmed">
        {t('earTrainingBlock.passMark', { percent: passPercent, count: settings.Questions })}
      </Text>
      {result && (
        <Alert
          variant="light"
          {...alertTone(result.passed ? 'teal' : 'yellow')}
          data-testid="eartraining-block-result"
          data-passed={result.passed}
        >
          {result.passed
            ? t('earTrainingBlock.passed')
            : t('earTrainingBlock.best', { right: result.score, total: result.max_score })}
        </Alert>
      )}
      <Suspense fallback={<Loader size="sm" />}>
        <CourseExercise
          exercise={exercise}
          settings={settings}
          course={
            host.mode === 'course' && exerciseSaved
              ? { blockId: block.Id, onSaved: (answer) => exerciseSaved(block.Id, answer) }
              : undefined
          }
        />
      </Suspense>
    </Stack>
  );
}
