import { sql } from 'kysely';
import { BOOKING_NOTICE_MINUTES, isTimeZone, mondayOf } from '../../../../shared/domain/commerce/booking/rules';
import { availability, clip, freeSlots, weekInZone } from '../../../../shared/domain/commerce/booking/slots';
import { staffUsers } from '../../../platform/authorize';
import type { Db } from '../../../platform/db';
import { containsText } from '../../../platform/db/search';
import { invalidFields } from '../../../platform/errors';
import { scheduleOf } from './availability';
import { bookedOf, bookingViews } from './bookings';
import { bookingSettings } from './settings';

/** The most staff members /adminschedule shows. */
const STAFF_LIMIT = 200;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A week of the site's coaching as administrators see it: the week of `weekStart` (its Monday) on the viewer's
 * clock; every staff member with his hours and free slots in it, and the week's booked sessions.
 */
export async function weekSchedule(db: Db, opts: { siteId: number; weekStart: string; timeZone: string; at?: number }) {
  if (!isTimeZone(opts.timeZone)) {
    throw invalidFields({ field: 'data.TimeZone', message: 'An IANA time zone, such as Europe/Stockholm' });
  }
  const at = opts.at ?? Date.now();
  const week = weekInZone(mondayOf(opts.weekStart), opts.timeZone);
  const staff = await db
    .selectFrom('users')
    .leftJoin('coach_schedules', (join) =>
      join.onRef('coach_schedules.user_id', '=', 'users.id').onRef('coach_schedules.site_id', '=', 'users.site_id'),
    )
    .select(['users.id', 'users.first_name', 'users.last_name'])
    .select([
      'coach_schedules.id as schedule_id',
      'coach_schedules.time_zone',
      'coach_schedules.session_minutes',
      'coach_schedules.buffer_minutes',
      'coach_schedules.active',
      'coach_schedules.weekly',
      'coach_schedules.exceptions',
    ])
    .where('users.site_id', '=', opts.siteId)
    .where(staffUsers)
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .limit(STAFF_LIMIT)
    .execute();
  const [settings, booked, bookings] = await Promise.all([
    bookingSettings(db, opts.siteId),
    bookedOf(db, {
      siteId: opts.siteId,
      coachIds: staff.map((s) => s.id),
      from: week.start - 86_400_000,
      to: week.end,
    }),
    bookingViews(db, opts.siteId)
      .where('bookings.status', '=', 'booked')
      .where('bookings.starts_at', '>=', iso(week.start))
      .where('bookings.starts_at', '<', iso(week.end))
      .orderBy('bookings.starts_at')
      .execute(),
  ]);
  const coaches = staff.map((member) => {
    const row =
      member.schedule_id === null
        ? null
        : {
            time_zone: member.time_zone ?? '',
            session_minutes: member.session_minutes ?? 0,
            buffer_minutes: member.buffer_minutes ?? 0,
            weekly: member.weekly ?? '[]',
            exceptions: member.exceptions ?? '[]',
          };
    const schedule = row && scheduleOf(row);
    const active = member.active === 1;
    return {
      id: member.id,
      firstName: member.first_name,
      lastName: member.last_name,
      hasSchedule: schedule !== null,
      active,
      timeZone: schedule?.timeZone ?? null,
      sessionMinutes: schedule?.sessionMinutes ?? null,
      open: schedule ? clip(availability(schedule, week.start, week.end), week.start, week.end) : [],
      free:
        schedule && active
          ? freeSlots({
              schedule,
              from: Math.max(week.start, at),
              to: week.end,
              now: at,
              noticeMinutes: BOOKING_NOTICE_MINUTES,
              booked: booked.get(member.id) ?? [],
            })
          : [],
    };
  });
  return { from: iso(week.start), to: iso(week.end), coaches, bookings, settings };
}

/** The most learners a search answers. */
const LEARNERS_LIMIT = 20;

/** Users of the site whose name or address holds the search (in any case), with their coaching credits. */
export async function findLearners(db: Db, opts: { siteId: number; search: string }) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('site_id', '=', opts.siteId)
    .where(containsText(db, [sql`first_name || ' ' || last_name`, sql.ref('email')], opts.search))
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .limit(LEARNERS_LIMIT)
    .execute();
  const credits =
    users.length === 0
      ? []
      : await db
          .selectFrom('coaching_credits')
          .select(['user_id', (eb) => eb.fn.sum<number>('change').as('balance')])
          .where('site_id', '=', opts.siteId)
          .where(
            'user_id',
            'in',
            users.map((u) => u.id),
          )
          .groupBy('user_id')
          .execute();
  return users.map((user) => ({
    ...user,
    credits: Number(credits.find((c) => c.user_id === user.id)?.balance ?? 0),
  }));
}
