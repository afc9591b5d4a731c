import { Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api';
import { codeText, errorCode } from '../../../components/errorText';
import { showToast } from '../../../components/toast';
import { authoringKeys } from '../keys';
import { importCourseFile, MAX_IMPORT_BYTES } from './transfer';

/** The texts of the import's own refusals; any other code reads as the errors bundle says. */
const importErrors: Partial<Record<string, 'importNotCourse' | 'importInvalid' | 'importTooLarge'>> = {
  UNSUPPORTED_FILE: 'importNotCourse',
  INVALID_REQUEST: 'importInvalid',
  FILE_TOO_LARGE: 'importTooLarge',
  PAYLOAD_TOO_LARGE: 'importTooLarge',
};

/** "Import a course": a course file (exported from this site or another) becomes a new draft course. */
export function ImportDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('authoring');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<{ text: string; detail: string | null } | null>(null);

  const busy = sent !== null;
  const start = async () => {
    if (!file) return setError({ text: t('courses.importChoose'), detail: null });
    if (file.size > MAX_IMPORT_BYTES) return setError({ text: t('courses.importTooLarge'), detail: null });
    setError(null);
    setSent(0);
    try {
      const answer = await importCourseFile(file, setSent);
      await queryClient.invalidateQueries({ queryKey: authoringKeys.courses });
      showToast(t('courses.imported', { name: answer.Name }), 'green');
      onClose();
    } catch (failure) {
      const code = errorCode(failure);
      const own = importErrors[code];
      const detail = failure instanceof ApiError && own ? String(failure.body.message ?? '') || null : null;
      setError({ text: own ? t(`courses.${own}`) : codeText(code), detail });
      setSent(null);
    }
  };

  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={t('courses.importTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('courses.cancel'), disabled: busy }}
    >
      <Stack gap="md">
        <Text size="sm">{t('courses.importText')}</Text>
        <FileInput
          label={t('courses.importFile')}
          accept=".zip,application/zip"
          value={file}
          onChange={(picked) => {
            setFile(picked);
            setError(null);
          }}
          disabled={busy}
          data-autofocus
          data-testid="course-import-file"
          error={error?.text}
        />
        {error?.detail && (
          <Text size="xs" c="dimmed" data-testid="course-import-detail">
            {error.detail}
          </Text>
        )}
        {busy && (
          <Stack gap={4}>
            <Progress value={Math.round(sent * 100)} aria-label={t('courses.importProgress')} animated />
            <Text size="sm" role="status">
              {sent < 1 ? t('courses.importSending', { percent: Math.round(sent * 100) }) : t('courses.importReading')}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('courses.cancel')}
          </Button>
          <Button onClick={start} loading={busy} data-testid="course-import-start">
            {t('courses.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
