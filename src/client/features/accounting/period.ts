import { currentLanguage } from '../../components/language';

/** A period of the books as the pages ask for it: days `YYYY-MM-DD`, both included. */
export interface Period {
  from: string;
  to: string;
}

export const periodPresets = ['thisMonth', 'thisYear', 'lastYear'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const pad = (value: number) => String(value).padStart(2, '0');

/** A day on the reader's own calendar. */
export const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export const today = () => dayOf(new Date());

/** The days a preset names, counted from `now`. */
export function presetPeriod(preset: PeriodPreset, now = new Date()): Period {
  const year = now.getFullYear();
  if (preset === 'lastYear') return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  if (preset === 'thisYear') return { from: `${year}-01-01`, to: `${year}-12-31` };
  const month = now.getMonth();
  return { from: dayOf(new Date(year, month, 1)), to: dayOf(new Date(year, month + 1, 0)) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a period can be asked for: two days, the first not after the second. */
export const isPeriod = (period: Period) => DAY.test(period.from) && DAY.test(period.to) && period.from <= period.to;

/** The period of the address (`?from=&to=`), this year unless it names one. */
export function periodFromSearch(search: URLSearchParams): Period {
  const fallback = presetPeriod('thisYear');
  return { from: search.get('from') ?? fallback.from, to: search.get('to') ?? fallback.to };
}

/**
 * A day of the books (`YYYY-MM-DD`, no time of day) in the app's language, shorter than components/dates.ts's
 * calendar day for tables, and the same in every time zone. Anything else comes back as it is.
 */
export const formatDay = (day: string) =>
  DAY.test(day)
    ? new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      )
    : day;
