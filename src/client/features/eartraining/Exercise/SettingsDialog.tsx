import {
  Button,
  Checkbox,
  Chip,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  compoundIntervals,
  directions,
  type IntervalId,
  simpleIntervals,
} from '../../../../shared/domain/eartraining/intervals';
import type { Exercise } from '../../../../shared/domain/eartraining/rounds';
import {
  type ExerciseSettings,
  SETTINGS_LIMITS,
  settingsProblem,
  sounds,
} from '../../../../shared/domain/eartraining/settings';
import { useSession } from '../../../app/session';
import { ErrorAlert } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { midiLabel } from '../notes';
import { legendStyles } from './legend';

const roots = Array.from(
  { length: SETTINGS_LIMITS.root.max - SETTINGS_LIMITS.root.min + 1 },
  (_, i) => SETTINGS_LIMITS.root.min + i,
);

/** An exercise's settings (what is asked, how it sounds, how long a round is), checked as the server checks them. */
export function SettingsDialog({
  exercise,
  settings,
  opened,
  onClose,
  onSave,
}: {
  exercise: Exercise;
  settings: ExerciseSettings;
  opened: boolean;
  onClose(): void;
  onSave(settings: ExerciseSettings): Promise<void>;
}) {
  const { t } = useTranslation('eartraining');
  const session = useSession();
  const [failed, setFailed] = useState(false);
  const form = useForm<ExerciseSettings>({
    initialValues: settings,
    validate: {
      Intervals: (value) => (value.length === 0 ? t('settings.noInterval') : null),
      Directions: (value) => (value.length === 0 ? t('settings.noDirection') : null),
      RootHigh: (_value, values) => {
        const problem = settingsProblem(values);
        return problem ? t(`settings.problems.${problem}`) : null;
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailed(false);
    try {
      await onSave(values);
      showToast(t('settings.saved'), 'green');
      onClose();
    } catch (error) {
      console.warn('settings not saved', error);
      setFailed(true);
    }
  });

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settings.title', { exercise: t(`exercises.${exercise}.title`) })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('settings.cancel') }}
    >
      <form onSubmit={submit} noValidate data-testid="eartraining-settings">
        <Stack gap="md">
          {failed && <ErrorAlert>{t('settings.saveFailed')}</ErrorAlert>}
          <Fieldset variant="unstyled" legend={t('settings.intervals')} styles={legendStyles}>
            <Chip.Group
              multiple
              value={form.values.Intervals}
              onChange={(value) => form.setFieldValue('Intervals', value as IntervalId[])}
            >
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
            {form.errors.Intervals && (
              <Text size="sm" c="var(--mantine-color-error)" mt={4} role="alert">
                {form.errors.Intervals}
              </Text>
            )}
          </Fieldset>
          <Checkbox.Group label={t('settings.directions')} {...form.getInputProps('Directions')}>
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
                value={String(form.values[field])}
                onChange={(event) => form.setFieldValue(field, Number(event.currentTarget.value))}
                error={form.errors[field]}
              />
            ))}
          </Group>
          <Group grow align="flex-start">
            <NumberInput
              label={t('settings.tempo')}
              min={SETTINGS_LIMITS.tempo.min}
              max={SETTINGS_LIMITS.tempo.max}
              clampBehavior="strict"
              allowDecimal={false}
              {...form.getInputProps('Tempo')}
            />
            <NumberInput
              label={t('settings.questions')}
              min={SETTINGS_LIMITS.questions.min}
              max={SETTINGS_LIMITS.questions.max}
              clampBehavior="strict"
              allowDecimal={false}
              {...form.getInputProps('Questions')}
            />
          </Group>
          <Radio.Group label={t('settings.sound')} {...form.getInputProps('Sound')}>
            <Group mt={6}>
              {sounds.map((sound) => (
                <Radio key={sound} value={sound} label={t(`settings.sounds.${sound}`)} />
              ))}
            </Group>
          </Radio.Group>
          {session.token === null && (
            <Text size="sm" c="dimmed">
              {t('settings.keptHere')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('settings.cancel')}
            </Button>
            <Button type="submit" data-testid="eartraining-settings-save">
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
