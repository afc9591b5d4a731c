import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { chatTimeLabel } from '../../../../shared/domain/coaching/chat';

/** A message's time as the chat and the bell show it (spec §9), in the user's language. */
export function useMessageTime(): (iso: string, options?: { bell?: boolean }) => string {
  const { t, i18n } = useTranslation('messages');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (iso, options = {}) => {
      const label = chatTimeLabel(iso, new Date(), options);
      switch (label.kind) {
        case 'time':
          return label.text;
        case 'yesterday':
          return t('time.yesterday');
        case 'weekday':
          return new Intl.DateTimeFormat(language, { weekday: 'long' }).format(label.date);
        case 'date':
          return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(label.date);
      }
    },
    [t, language],
  );
}

/** The plain text of a message's HTML, for a toast or a one-line preview. */
export function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
