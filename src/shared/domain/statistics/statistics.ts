/**
 * Statistics (/statistics): the views, the periods their figures fall into, and the limits of a question. The server
 * counts per day; days fold into weeks and months here, the same way on both sides.
 */

export const statisticsViews = ['learners', 'courses', 'funnel', 'engagement', 'sales'] as const;
export type StatisticsView = (typeof statisticsViews)[number];

/** Views a coach may open (his own courses); sales are the school's, for administrators alone. */
export const coachViews: readonly StatisticsView[] = ['learners', 'courses', 'funnel', 'engagement'];

export const granularities = ['day', 'week', 'month'] as const;
export type Granularity = (typeof granularities)[number];

export const STATISTICS_LIMITS = {
  /** The longest period one question covers, in days (two years and a leap day). */
  maxDays: 731,
  /** The default period: the last 30 days, today included. */
  defaultDays: 30,
  /** Certificates expiring within this many days count as "expiring soon". */
  expiringSoonDays: 30,
} as const;

const DAY_MS = 86_400_000;

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const dayOf = (moment: Date | string): string => new Date(moment).toISOString().slice(0, 10);

/** The Monday that starts the ISO week of a day. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const fromMonday = (date.getUTCDay() + 6) % 7;
  return dayOf(new Date(date.getTime() - fromMonday * DAY_MS));
}

export const monthOf = (day: string): string => day.slice(0, 7);

/** The period a day falls into at a granularity: the day itself, its week's Monday, or its month. */
export const bucketOf = (day: string, granularity: Granularity): string =>
  granularity === 'day' ? day : granularity === 'week' ? weekOf(day) : monthOf(day);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    days.push(dayOf(new Date(at)));
  }
  return days;
}

/** The periods of a granularity that the days from `from` to `to` touch, in order. */
export const bucketsBetween = (from: string, to: string, granularity: Granularity): string[] => [
  ...new Set(daysBetween(from, to).map((day) => bucketOf(day, granularity))),
];

/** The granularity that draws a period best: days up to two months, weeks up to half a year, then months. */
export const granularityFor = (from: string, to: string): Granularity => {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return days <= 62 ? 'day' : days <= 183 ? 'week' : 'month';
};

/** The default period: the last `defaultDays` days up to today. */
export function defaultPeriod(today = new Date()): { from: string; to: string } {
  const to = dayOf(today);
  return { from: dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (STATISTICS_LIMITS.defaultDays - 1) * DAY_MS)), to };
}

/** The days a period spans, both ends included. */
export const periodDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A share as a whole percent, 0 when there is nothing to share. */
export const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 100) : 0);
