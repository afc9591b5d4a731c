import { Checkbox, Chip, Fieldset, Group, NativeSelect, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  compoundIntervals,
  type Direction,
  directions,
  type IntervalId,
  simpleIntervals,
} from '../../../../shared/domain/eartraining/intervals';
import {
  type ExerciseSettings,
  SETTINGS_LIMITS,
  type Sound,
  settingsProblem,
  sounds,
} from '../../../../shared/domain/eartraining/settings';
import { midiLabel } from '../notes';
import { legendStyles } from './legend';

const roots = Array.from(
  { length: SETTINGS_LIMITS.root.max - SETTINGS_LIMITS.root.min + 1 },
  (_, i) => SETTINGS_LIMITS.root.min + i,
);

export type SettingsErrors = Partial<Record<'Intervals' | 'Directions' | 'RootHigh', string>>;

/** What is wrong with settings, by field, in the user's language (the rules the server holds them to). */
export function useSettingsRules() {
  const { t } = useTranslation('eartraining');
  return {
    Intervals: (value: IntervalId[]) => (value.length === 0 ? t('settings.noInterval') : null),
    Directions: (value: Direction[]) => (value.length === 0 ? t('settings.noDirection') : null),
    RootHigh: (_value: number, values: ExerciseSettings) => {
      const problem = settingsProblem(values);
      return problem ? t(`settings.problems.${problem}`) : null;
    },
  };
}

/**
 * The fields of an exercise's settings (what is asked, how it sounds, how long a round is): a learner's settings
 * dialog and a course's ear-training block both edit them.
 */
export function SettingsFields({
  value,
  onChange,
  errors = {},
}: {
  value: ExerciseSettings;
  onChange(next: ExerciseSettings): void;
  errors?: SettingsErrors;
}) {
  const { t } = useTranslation('eartraining');
  const set = <K extends keyof ExerciseSettings>(field: K, next: ExerciseSettings[K]) =>
    onChange({ ...value, [field]: next });
  const intervalChips = (group: readonly { id: IntervalId }[]) => (
    <Group gap={6}>
      {group.map(({ id }) => (
        <Chip key={id} value={id} size="sm">
          {t(`intervals.${id}`)}
        </Chip>
      ))}
    </Group>
  );

  return (
    <>
      <Fieldset variant="unstyled" legend={t('settings.intervals')} styles={legendStyles}>
        <Chip.Group multiple value={value.Intervals} onChange={(next) => set('Intervals', next as IntervalId[])}>
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('settings.simple')}
            </Text>
            {intervalChips(simpleIntervals)}
            <Text size="xs" c="dimmed">
              {t('settings.compound')}
            </Text>
            {intervalChips(compoundIntervals)}
          </Stack>
        </Chip.Group>
        {errors.Intervals && (
          <Text size="sm" c="var(--mantine-color-error)" mt={4} role="alert">
            {errors.Intervals}
          </Text>
        )}
      </Fieldset>
      <Checkbox.Group
        label={t('settings.directions')}
        value={value.Directions}
        onChange={(next) => set('Directions', next as Direction[])}
        error={errors.Directions}
      >
        <Group mt={6}>
          {directions.map((direction) => (
            <Checkbox key={direction} value={direction} label={t(`directions.${direction}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group grow align="flex-start">
        {(['RootLow', 'RootHigh'] as const).map((field) => (
          <NativeSelect
            key={field}
            label={t(field === 'RootLow' ? 'settings.rootLow' : 'settings.rootHigh')}
            data={roots.map((midi) => ({ value: String(midi), label: midiLabel(midi) }))}
            value={String(value[field])}
            onChange={(event) => set(field, Number(event.currentTarget.value))}
            error={field === 'RootHigh' ? errors.RootHigh : undefined}
          />
        ))}
      </Group>
      <Group grow align="flex-start">
        {(['Tempo', 'Questions'] as const).map((field) => {
          const limits = field === 'Tempo' ? SETTINGS_LIMITS.tempo : SETTINGS_LIMITS.questions;
          return (
            <NumberInput
              key={field}
              label={t(field === 'Tempo' ? 'settings.tempo' : 'settings.questions')}
              min={limits.min}
              max={limits.max}
              clampBehavior="strict"
              allowDecimal={false}
              value={value[field]}
              onChange={(next) => set(field, typeof next === 'number' ? next : limits.min)}
            />
          );
        })}
      </Group>
      <Radio.Group label={t('settings.sound')} value={value.Sound} onChange={(next) => set('Sound', next as Sound)}>
        <Group mt={6}>
          {sounds.map((sound) => (
            <Radio key={sound} value={sound} label={t(`settings.sounds.${sound}`)} />
          ))}
        </Group>
      </Radio.Group>
    </>
  );
}
