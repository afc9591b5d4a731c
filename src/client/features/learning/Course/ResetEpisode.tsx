import { Button } from '@mantine/core';
import { IconRotate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoursePart } from '../../../../shared/contract/learning/courseShapes';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCourseContext } from './CourseContext';
import { canResetEpisode } from './completion';

/** Resets a completed episode after the learner confirms it (spec §4). */
export function ResetEpisode({ part }: { part: CoursePart }) {
  const { t } = useTranslation('learning');
  const { steps } = useCourseContext();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canResetEpisode(part)) return null;

  const confirm = async () => {
    setBusy(true);
    await steps.resetEpisode(part.Id);
    setBusy(false);
    setAsking(false);
  };

  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        leftSection={<IconRotate size={14} aria-hidden />}
        onClick={() => setAsking(true)}
        aria-label={t('reset.label', { name: part.Name })}
        data-testid="reset-episode"
      >
        {t('reset.button')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('reset.title')}
        text={t('reset.text', { name: part.Name })}
        cancel={t('reset.cancel')}
        onCancel={() => setAsking(false)}
        confirm={t('reset.confirm')}
        onConfirm={confirm}
        confirmColor="red.9"
        busy={busy}
        confirmTestId="confirm-reset"
      />
    </>
  );
}
