import { useTranslation } from 'react-i18next';
import { chatTimeLabel } from '../../../../shared/domain/coaching/chat';
import { formatDate, formatWeekday } from '../../../components/dates';

/** A message's time as the chat and the bell show it (spec §9), in the user's language. */
export function useMessageTime(): (iso: string, options?: { bell?: boolean }) => string {
  const { t } = useTranslation('coaching');
  return (iso, options = {}) => {
    const label = chatTimeLabel(iso, new Date(), options);
    switch (label.kind) {
      case 'time':
        return label.text;
      case 'yesterday':
        return t('time.yesterday');
      case 'weekday':
        return formatWeekday(label.date);
      case 'date':
        return formatDate(label.date);
    }
  };
}

/** The ends of blocks and lines, where the text of one paragraph must not run into the next. */
const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|div)>|<br\s*\/?>/gi;

/** The plain text of a message's HTML, for a toast or a one-line preview; paragraphs are parted by a space. */
export function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html.replace(BLOCK_END, '$& '), 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
