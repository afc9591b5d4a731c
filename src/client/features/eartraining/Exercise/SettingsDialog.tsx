import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Exercise } from '../../../../shared/domain/eartraining/rounds';
import type { ExerciseSettings } from '../../../../shared/domain/eartraining/settings';
import { useSession } from '../../../app/session';
import { ErrorAlert } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { SettingsFields, useSettingsRules } from './SettingsFields';

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
  const form = useForm<ExerciseSettings>({ initialValues: settings, validate: useSettingsRules() });

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
          <SettingsFields
            value={form.values}
            onChange={(next) => form.setValues(next)}
            errors={{
              Intervals: form.errors.Intervals as string | undefined,
              Directions: form.errors.Directions as string | undefined,
              RootHigh: form.errors.RootHigh as string | undefined,
            }}
          />
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
