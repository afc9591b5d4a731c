import type { Availability, CoachWeek } from '../../../../shared/contract/commerce/bookings';
import type { Schedule } from '../../../../shared/domain/commerce/booking/rules';
import type { Interval } from '../../../../shared/domain/commerce/booking/slots';

/** A coach's availability on the wire, as he edits it. */
export const presentAvailability = (schedule: Schedule, active: boolean): Availability => ({
  TimeZone: schedule.timeZone,
  SessionMinutes: schedule.sessionMinutes,
  BufferMinutes: schedule.bufferMinutes,
  Active: active,
  Weekly: schedule.weekly.map((w) => ({ Day: w.day, Start: w.start, End: w.end })),
  Exceptions: schedule.exceptions.map((e) =>
    e.kind === 'off'
      ? { Kind: 'off' as const, From: e.from, To: e.to }
      : { Kind: 'extra' as const, Date: e.date, Start: e.start, End: e.end },
  ),
});

const spans = (intervals: Interval[]) =>
  intervals.map((i) => ({ StartsAt: new Date(i.start).toISOString(), EndsAt: new Date(i.end).toISOString() }));

/** A staff member's week on /adminschedule. */
export const presentSchedule = (coach: {
  id: number;
  firstName: string;
  lastName: string;
  hasSchedule: boolean;
  active: boolean;
  timeZone: string | null;
  sessionMinutes: number | null;
  open: Interval[];
  free: Interval[];
}): CoachWeek => ({
  Id: coach.id,
  FirstName: coach.firstName,
  LastName: coach.lastName,
  HasSchedule: coach.hasSchedule,
  Active: coach.active,
  TimeZone: coach.timeZone,
  SessionMinutes: coach.sessionMinutes,
  Open: spans(coach.open),
  Free: spans(coach.free),
});
