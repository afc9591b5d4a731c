import { Loader, NativeSelect, NumberInput, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type Exercise, exercises } from '../../../../shared/domain/eartraining/rounds';
import { SettingsFields } from '../../eartraining';
import { DEFAULT_EXERCISE_PASS_PERCENT } from './model';
import type { KindProps } from './scope';
import { useScope } from './scope';

/**
 * An ear-training block: which exercise, its settings (as a learner's settings dialog has them) and the share of
 * right answers that passes. The same in every language: a translation changes only its title.
 */
export function EarTrainingKind(props: KindProps<'EarTraining'>) {
  const scope = useScope();
  if (scope.translation !== null) return null;
  return (
    // The exercise's texts load with its fields.
    <Suspense fallback={<Loader size="sm" />}>
      <ExerciseFields {...props} />
    </Suspense>
  );
}

function ExerciseFields({ content, change }: KindProps<'EarTraining'>) {
  const { t } = useTranslation(['blockEditor', 'eartraining']);
  const scope = useScope();
  return (
    <Stack gap="sm">
      <NativeSelect
        id={`${scope.idPrefix}-exercise`}
        label={t('blockEditor:earTraining.exercise')}
        data={exercises.map((exercise) => ({ value: exercise, label: t(`eartraining:exercises.${exercise}.title`) }))}
        value={content.exercise}
        onChange={(event) => {
          const exercise = event.currentTarget.value as Exercise;
          change((current) => ({ ...current, exercise }));
        }}
        data-testid="eartraining-block-exercise"
      />
      <NumberInput
        label={t('blockEditor:earTraining.passPercent')}
        description={t('blockEditor:earTraining.passPercentHint')}
        min={0}
        max={100}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        suffix=" %"
        value={content.passPercent}
        onChange={(value) =>
          change((current) => ({
            ...current,
            passPercent: typeof value === 'number' ? value : DEFAULT_EXERCISE_PASS_PERCENT,
          }))
        }
        data-testid="eartraining-block-pass"
      />
      <SettingsFields
        value={content.settings}
        onChange={(settings) => change((current) => ({ ...current, settings }))}
      />
    </Stack>
  );
}
