/**
 * Coaching bookings: a coach's weekly hours and exceptions in his own time zone, a session's length and the buffer
 * after it, and the site's rules for changing a booking (docs/decisions.md, "Coaching bookings"). Pure rules, for
 * the server and the pages alike; the time-zone maths of the slots is in `slots.ts`.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof weekdays)[number];

/** A time of day as the coach writes it, `HH:MM` (00:00–23:59), or `24:00` for the end of the day. */
export const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Hours the coach keeps every week on one weekday, in his own time zone. */
export interface WeeklyWindow {
  day: Weekday;
  start: string;
  end: string;
}

/** Days off (`from` to `to`, whole days of the coach's calendar) or extra hours on one day. */
export type ScheduleException =
  | { kind: 'off'; from: string; to: string }
  | { kind: 'extra'; date: string; start: string; end: string };

export const exceptionKinds = ['off', 'extra'] as const;

/** A coach's availability: what he keeps, in his time zone, and how long a session and the pause after it are. */
export interface Schedule {
  timeZone: string;
  sessionMinutes: number;
  bufferMinutes: number;
  weekly: WeeklyWindow[];
  exceptions: ScheduleException[];
}

export const BOOKING_DEFAULTS = {
  timeZone: 'Europe/Stockholm',
  sessionMinutes: 45,
  bufferMinutes: 15,
  /** A booking is cancelled or moved until this many hours before its start. */
  cancelHours: 24,
  /** How many weeks ahead learners see and book slots. */
  weeks: 4,
} as const;

export const BOOKING_LIMITS = {
  sessionMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 120 },
  weeklyWindows: 50,
  exceptions: 100,
  /** Days off in one exception: a long holiday, not a way to close for good (the coach stops taking bookings). */
  offDays: 366,
  cancelHours: { min: 0, max: 336 },
  weeks: { min: 1, max: 12 },
  timeZone: 64,
} as const;

/** A slot can be booked until this long before it starts (nobody books a session that begins in a minute). */
export const BOOKING_NOTICE_MINUTES = 60;

/** The reminder goes this long before a session; a booking made later gets none (its confirmation is as recent). */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/**
 * Bookings, moves and cancellations each send mails: a learner makes at most this many an hour, staff (who book for
 * learners from /adminschedule) more.
 */
export const BOOKING_CHANGES_PER_LEARNER = { limit: 20, windowSeconds: 3600 } as const;
export const BOOKING_CHANGES_PER_STAFF = { limit: 300, windowSeconds: 3600 } as const;

/** The minutes from midnight a time of day stands for (`24:00` is 1440). */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Whether the runtime knows the time zone by this IANA name (`Europe/Stockholm`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > BOOKING_LIMITS.timeZone || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A calendar day `YYYY-MM-DD` that exists. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The calendar day `days` after `day` (before, when negative); no time zone takes part. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week a calendar day falls in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  return addDays(day, 1 - weekday);
}

/** Why a schedule is refused, for the pages to say in the user's language. */
export type ScheduleProblemCode = 'timeZone' | 'endBeforeStart' | 'overlap' | 'day' | 'offBackwards' | 'offTooLong';

/** What is wrong with a schedule: the field it is in (as the wire's `Availability` names it), why, and in English. */
export interface ScheduleProblem {
  field: string;
  code: ScheduleProblemCode;
  message: string;
}

const problemMessages: Record<ScheduleProblemCode, string> = {
  timeZone: 'An IANA time zone, such as Europe/Stockholm',
  endBeforeStart: 'The end comes after the start',
  overlap: 'Overlaps another window of the same day',
  day: 'A day (YYYY-MM-DD)',
  offBackwards: 'A day on or after the first day off',
  offTooLong: 'At most a year of days off at once',
};

/**
 * The checks a schedule must pass before it is stored: a known time zone; each window ending after it starts;
 * no two windows of a weekday overlapping; days off that end on or after they begin, at most a year long; extra
 * hours on a real day, ending after they start. Fields are named within the wire's `Availability`
 * (`Weekly.2.End`); empty when it is right.
 */
export function scheduleProblems(schedule: Schedule): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const problem = (field: string, code: ScheduleProblemCode) =>
    problems.push({ field, code, message: problemMessages[code] });
  if (!isTimeZone(schedule.timeZone)) problem('TimeZone', 'timeZone');
  const byDay = new Map<number, { start: number; end: number }[]>();
  schedule.weekly.forEach((window, index) => {
    const start = minutesOfDay(window.start);
    const end = minutesOfDay(window.end);
    if (end <= start) {
      problem(`Weekly.${index}.End`, 'endBeforeStart');
      return;
    }
    const day = byDay.get(window.day) ?? [];
    if (day.some((other) => start < other.end && other.start < end)) problem(`Weekly.${index}.Start`, 'overlap');
    day.push({ start, end });
    byDay.set(window.day, day);
  });
  schedule.exceptions.forEach((exception, index) => {
    if (exception.kind === 'off') {
      if (!isCalendarDay(exception.from)) problem(`Exceptions.${index}.From`, 'day');
      else if (!isCalendarDay(exception.to) || exception.to < exception.from) {
        problem(`Exceptions.${index}.To`, 'offBackwards');
      } else if (addDays(exception.from, BOOKING_LIMITS.offDays) <= exception.to) {
        problem(`Exceptions.${index}.To`, 'offTooLong');
      }
      return;
    }
    if (!isCalendarDay(exception.date)) problem(`Exceptions.${index}.Date`, 'day');
    if (minutesOfDay(exception.end) <= minutesOfDay(exception.start))
      problem(`Exceptions.${index}.End`, 'endBeforeStart');
  });
  return problems;
}

/**
 * The moment until which a learner may cancel or move a booking: `cancelHours` before it starts. Administrators
 * are not held to it (they change any booking that has not ended).
 */
export const changeableUntil = (startsAt: string, cancelHours: number): string =>
  new Date(Date.parse(startsAt) - cancelHours * 3_600_000).toISOString();
