import { currentLanguage } from './language';

/**
 * Dates and times in the app's language (the one i18next has, read at each call: a component re-renders on a
 * language change through its own useTranslation). A text that is not a date comes back as it is.
 */
const format = (value: string | Date, options: Intl.DateTimeFormatOptions) => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime())
    ? String(value)
    : new Intl.DateTimeFormat(currentLanguage(), options).format(date);
};

/** A day, e.g. "22 Nov 2026" or "22 nov. 2026". */
export const formatDate = (value: string | Date) => format(value, { dateStyle: 'medium' });

/** A day written out, e.g. "22 November 2026" or "22 november 2026". */
export const formatLongDate = (value: string | Date) => format(value, { dateStyle: 'long' });

/** A day with its time, e.g. "22 Nov 2026, 14:05". */
export const formatDateTime = (value: string | Date) => format(value, { dateStyle: 'medium', timeStyle: 'short' });

/** A weekday, e.g. "Monday" or "måndag". */
export const formatWeekday = (value: string | Date) => format(value, { weekday: 'long' });

/** A calendar day without a time of day (`YYYY-MM-DD`), written out the same in every time zone. */
export const formatCalendarDay = (isoDay: string) =>
  format(`${isoDay}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });

/** A moment as local time ("14:35"), with the day too when it is not today; null when it is no moment. */
export function formatMoment(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const today = date.toDateString() === new Date().toDateString();
  return format(date, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}
