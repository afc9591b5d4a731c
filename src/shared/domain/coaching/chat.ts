/**
 * What the client does with messages (spec §4, §5, §9): the stored list, the time labels, an empty message, the
 * send debounce. The timing constants shared with the server are in `messages.ts`.
 */
import { SEND_DEBOUNCE_MS } from './messages';

/** The fields the list rules read; the wire's Message has them all. */
export interface ListedMessage {
  Id: number;
  CDate: string;
}

/** Newest first: by creation time, then by Id (two messages in the same millisecond keep a stable order). */
export const newestFirst = (a: ListedMessage, b: ListedMessage): number =>
  Date.parse(b.CDate) - Date.parse(a.CDate) || b.Id - a.Id;

/**
 * `incoming` added to `stored`: a message already in the list is not added again (the one there stays), the result
 * is newest first and, with `max`, keeps only the newest `max` (the bell stores 100, spec §9).
 */
export function mergeMessages<M extends ListedMessage>(
  stored: readonly M[],
  incoming: readonly M[],
  max?: number,
): M[] {
  const known = new Set(stored.map((message) => message.Id));
  const added: M[] = [];
  for (const message of incoming) {
    if (known.has(message.Id)) continue;
    known.add(message.Id);
    added.push(message);
  }
  if (added.length === 0 && max === undefined) return [...stored];
  const merged = [...stored, ...added].sort(newestFirst);
  return max === undefined ? merged : merged.slice(0, max);
}

/** The messages of `incoming` that `stored` does not hold yet. */
export const unseenMessages = <M extends ListedMessage>(stored: readonly M[], incoming: readonly M[]): M[] => {
  const known = new Set(stored.map((message) => message.Id));
  return incoming.filter((message) => !known.has(message.Id));
};

/**
 * How a message's time reads (spec §9): the time of day today, "Yesterday", else the date. In the bell a message of
 * the last week shows its weekday, and only older ones their date. Computed in the viewer's own time zone.
 */
export type ChatTimeLabel =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday' }
  | { kind: 'weekday'; date: Date }
  | { kind: 'date'; date: Date };

/** Days in the bell that show a weekday rather than the date (the bell shows the date past 7 days). */
export const BELL_WEEKDAY_DAYS = 7;

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Calendar days between two moments in local time (0: the same day, 1: `then` was yesterday). */
export const daysBetween = (then: Date, now: Date): number =>
  Math.round((startOfDay(now).getTime() - startOfDay(then).getTime()) / 86_400_000);

export function chatTimeLabel(iso: string, now: Date, options: { bell?: boolean } = {}): ChatTimeLabel {
  const date = new Date(iso);
  const days = daysBetween(date, now);
  // A clock slightly ahead of the viewer's (days < 0) still reads as today.
  if (days <= 0) return { kind: 'time', text: `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` };
  if (days === 1) return { kind: 'yesterday' };
  if (options.bell && days < BELL_WEEKDAY_DAYS) return { kind: 'weekday', date };
  return { kind: 'date', date };
}

/**
 * Whether rich text (the editor's HTML: a message, an exam answer, a comment) says nothing: no text and no image,
 * as an empty editor's `<p></p>` or a paragraph of spaces and line breaks (spec §5 "Please enter a message!").
 * Linear in the text: a tag never spans a `<`.
 */
export function isBlankRichText(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^<>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text.length === 0;
}

/** Whether a send at `now` comes within the debounce of the previous attempt and is ignored (spec §5: 1 s). */
export const isSendTooSoon = (now: number, previousAttempt: number | null): boolean =>
  previousAttempt !== null && now - previousAttempt < SEND_DEBOUNCE_MS;
