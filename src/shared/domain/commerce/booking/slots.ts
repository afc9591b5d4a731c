import { DateTime } from 'luxon';
import { addDays, minutesOfDay, type Schedule } from './rules';

/**
 * The time-zone maths of bookings, on luxon: a coach's hours are wall-clock times of his own zone, turned into
 * moments day by day, so his 09:00 stays 09:00 on his clock across a daylight-saving switch while its moment in UTC
 * (and on a viewer's clock in another zone) moves. Everything here is pure: the clock is a parameter.
 */

/** A stretch of time as moments in milliseconds since the epoch, end excluded. */
export interface Interval {
  start: number;
  end: number;
}

/** The moment a wall-clock time of a calendar day has in a zone. A time inside a spring-forward gap, which no
 * clock there shows, is taken as the time that follows the gap (02:30 on the switch night in Stockholm is 03:30);
 * a time the autumn switch shows twice is taken once, the second time. */
export function zonedMoment(day: string, time: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const minutes = minutesOfDay(time);
  const midnight = DateTime.fromObject({ year, month, day: date }, { zone: timeZone });
  if (minutes === 24 * 60) return midnight.plus({ days: 1 }).toMillis();
  return DateTime.fromObject(
    { year, month, day: date, hour: Math.floor(minutes / 60), minute: minutes % 60 },
    { zone: timeZone },
  ).toMillis();
}

/** The calendar day (`YYYY-MM-DD`) a moment falls on in a zone. */
export const dayIn = (moment: number, timeZone: string): string =>
  DateTime.fromMillis(moment, { zone: timeZone }).toISODate() ?? '';

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/**
 * When a coach is available around two moments: for each day of his calendar, the weekly windows of its weekday
 * (none on his days off) and the extra hours of that day, as moments, overlapping or touching windows of the day
 * merged; the windows that reach into [from, to), whole. A window belongs to its day (a session never runs past
 * the coach's midnight), so the slots laid in it are the same whatever range is asked.
 */
export function availability(schedule: Schedule, from: number, to: number): Interval[] {
  if (to <= from) return [];
  const windows: Interval[] = [];
  const lastDay = addDays(dayIn(to, schedule.timeZone), 1);
  for (let day = addDays(dayIn(from, schedule.timeZone), -1); day <= lastDay; day = addDays(day, 1)) {
    const off = schedule.exceptions.some((e) => e.kind === 'off' && e.from <= day && day <= e.to);
    const weekday = weekdayOf(day);
    const hours = [
      ...(off ? [] : schedule.weekly.filter((w) => w.day === weekday)),
      ...schedule.exceptions.flatMap((e) => (e.kind === 'extra' && e.date === day ? [e] : [])),
    ];
    const ofDay = hours
      .map(({ start, end }) => ({
        start: zonedMoment(day, start, schedule.timeZone),
        end: zonedMoment(day, end, schedule.timeZone),
      }))
      .filter((w) => w.end > w.start);
    windows.push(...merge(ofDay).filter((w) => w.end > from && w.start < to));
  }
  return windows;
}

/** Intervals cut to [from, to); those left empty dropped. */
export const clip = (intervals: Interval[], from: number, to: number): Interval[] =>
  intervals.map((i) => ({ start: Math.max(i.start, from), end: Math.min(i.end, to) })).filter((i) => i.end > i.start);

/** Intervals sorted, with overlapping or touching ones joined. */
function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

export interface SlotQuery {
  schedule: Schedule;
  /** The slots looked for start in [from, to). */
  from: number;
  to: number;
  /** The clock: a slot must start at least `noticeMinutes` after it. */
  now: number;
  noticeMinutes: number;
  /** The coach's booked sessions, which no slot may come within his buffer of. */
  booked: Interval[];
}

/**
 * The free slots of a coach: sessions of his length laid from the start of each window of his availability, one
 * after another with his buffer between, each ending inside the window. A slot within a buffer of a booked session
 * is left out, and the next one starts a buffer after that session's end (a session booked when his length was
 * another lines up again after it). Slots starting before the notice or outside [from, to) are left out, but the
 * rest keep their places on the window's grid.
 */
export function freeSlots(query: SlotQuery): Interval[] {
  const { schedule } = query;
  const length = schedule.sessionMinutes * 60_000;
  const buffer = schedule.bufferMinutes * 60_000;
  const earliest = Math.max(query.from, query.now + query.noticeMinutes * 60_000);
  const windows = availability(schedule, query.from, query.to);
  const booked = [...query.booked].sort((a, b) => a.start - b.start);
  const slots: Interval[] = [];
  for (const window of windows) {
    let start = window.start;
    while (start + length <= window.end && start < query.to) {
      const end = start + length;
      const clash = booked.find((b) => start < b.end + buffer && b.start < end + buffer);
      if (clash) {
        start = clash.end + buffer;
        continue;
      }
      if (start >= earliest) slots.push({ start, end });
      start = end + buffer;
    }
  }
  return slots;
}

/** Whether a session of the coach may start at this moment now: it is one of his free slots. */
export function isFreeSlot(query: SlotQuery, start: number): Interval | undefined {
  return freeSlots({ ...query, from: start, to: start + 1 }).find((slot) => slot.start === start);
}

/** The moments a week of a viewer's calendar spans: from its Monday's midnight to the next Monday's, in her zone. */
export function weekInZone(monday: string, timeZone: string): Interval {
  return { start: zonedMoment(monday, '00:00', timeZone), end: zonedMoment(addDays(monday, 7), '00:00', timeZone) };
}
