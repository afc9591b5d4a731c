import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './usePartDraft';

/** The saving state beside the holder's name, announced politely to screen readers as it changes. */
export function SaveStatusText({ status }: { status: SaveStatus }) {
  const { t } = useTranslation('courseEditor');
  const text = (() => {
    switch (status.kind) {
      case 'saving':
        return t('save.saving');
      case 'saved':
        return t('save.saved');
      case 'dirty':
        return t('save.unsaved');
      case 'offline':
        return t('save.offline');
      case 'retrying':
        return t('save.retrying', { code: status.code });
      case 'incomplete':
      case 'invalid':
      case 'stale':
        return t('save.unsaved');
      default:
        return '';
    }
  })();
  const warn = status.kind === 'offline' || status.kind === 'retrying';
  return (
    <Text
      size="sm"
      role="status"
      aria-live="polite"
      c={warn ? 'orange.9' : 'dimmed'}
      fw={warn ? 600 : undefined}
      data-testid="save-status"
      data-status={status.kind}
    >
      {text}
    </Text>
  );
}
