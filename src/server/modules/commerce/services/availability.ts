import type { Selectable } from 'kysely';
import {
  BOOKING_DEFAULTS,
  type Schedule,
  type ScheduleException,
  scheduleProblems,
  type WeeklyWindow,
} from '../../../../shared/domain/commerce/booking/rules';
import { authorize, staffUsers } from '../../../platform/authorize';
import { type Db, now } from '../../../platform/db';
import type { CoachSchedulesTable, SessionUser } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { bookingActions } from '../policies/bookings';

export type ScheduleRow = Selectable<CoachSchedulesTable>;

/** A coach's stored availability as the slot maths reads it. */
export const scheduleOf = (
  row: Pick<ScheduleRow, 'time_zone' | 'session_minutes' | 'buffer_minutes' | 'weekly' | 'exceptions'>,
): Schedule => ({
  timeZone: row.time_zone,
  sessionMinutes: row.session_minutes,
  bufferMinutes: row.buffer_minutes,
  weekly: JSON.parse(row.weekly) as WeeklyWindow[],
  exceptions: JSON.parse(row.exceptions) as ScheduleException[],
});

/** What a coach without availability starts from: the defaults, no hours. */
export const emptySchedule = (): Schedule => ({
  timeZone: BOOKING_DEFAULTS.timeZone,
  sessionMinutes: BOOKING_DEFAULTS.sessionMinutes,
  bufferMinutes: BOOKING_DEFAULTS.bufferMinutes,
  weekly: [],
  exceptions: [],
});

/** Whether a schedule offers any hours at all: weekly ones, or extra hours from today on. */
export const hasHours = (schedule: Schedule, today: string): boolean =>
  schedule.weekly.length > 0 || schedule.exceptions.some((e) => e.kind === 'extra' && e.date >= today);

/** The coaches learners may book: staff of the site whose availability is on, with their schedules, by name. */
export async function bookableCoaches(db: Db, siteId: number) {
  const rows = await db
    .selectFrom('coach_schedules')
    .innerJoin('users', 'users.id', 'coach_schedules.user_id')
    .selectAll('coach_schedules')
    .select(['users.first_name', 'users.last_name'])
    .where('coach_schedules.site_id', '=', siteId)
    .where('users.site_id', '=', siteId)
    .where('coach_schedules.active', '=', 1)
    .where(staffUsers)
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .execute();
  const today = now().slice(0, 10);
  return rows
    .map((row) => ({ row, schedule: scheduleOf(row) }))
    .filter(({ schedule }) => hasHours(schedule, today))
    .map(({ row, schedule }) => ({
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      schedule,
    }));
}

/**
 * The staff member whose hours a call reads or changes: the caller (none named), or the one named, whom only an
 * administrator may name. Answers his id; NOT_FOUND when no staff member of the site has it.
 */
async function coachFor(db: Db, opts: { siteId: number; actor: SessionUser; coachId: number | null }) {
  const coachId = opts.coachId ?? opts.actor.id;
  authorize(opts.actor, bookingActions.editAvailability, { coachId });
  const coach = await db
    .selectFrom('users')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('id', '=', coachId)
    .where(staffUsers)
    .executeTakeFirst();
  if (!coach) throw new AppError('NOT_FOUND', 'No such coach');
  return coach.id;
}

export async function scheduleRow(db: Db, siteId: number, coachId: number): Promise<ScheduleRow | undefined> {
  return db
    .selectFrom('coach_schedules')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('user_id', '=', coachId)
    .executeTakeFirst();
}

/** A coach's availability as he edits it (the defaults while he has none). */
export async function availabilityOf(db: Db, opts: { siteId: number; actor: SessionUser; coachId: number | null }) {
  const coachId = await coachFor(db, opts);
  const row = await scheduleRow(db, opts.siteId, coachId);
  return {
    coachId,
    exists: row !== undefined,
    active: row ? row.active === 1 : true,
    schedule: row ? scheduleOf(row) : emptySchedule(),
  };
}

/**
 * Replaces a coach's availability whole, after checking it (a known zone, windows that end after they start and do
 * not overlap on a day, sensible exceptions): a wrong one is INVALID_REQUEST naming every field at fault, and
 * nothing is written. Bookings already made stay, even outside the new hours.
 */
export async function saveAvailability(
  db: Db,
  opts: { siteId: number; actor: SessionUser; coachId: number | null; schedule: Schedule; active: boolean },
): Promise<void> {
  const problems = scheduleProblems(opts.schedule);
  if (problems.length > 0) {
    throw invalidFields(...problems.map((p) => ({ field: `data.Availability.${p.field}`, message: p.message })));
  }
  const coachId = await coachFor(db, opts);
  await storeSchedule(db, { siteId: opts.siteId, coachId, schedule: opts.schedule, active: opts.active });
}

/** Writes a coach's availability whole (checked by the caller: `saveAvailability`, or the demo seed's own). */
export async function storeSchedule(
  db: Db,
  opts: { siteId: number; coachId: number; schedule: Schedule; active: boolean },
): Promise<void> {
  const at = now();
  const values = {
    time_zone: opts.schedule.timeZone,
    session_minutes: opts.schedule.sessionMinutes,
    buffer_minutes: opts.schedule.bufferMinutes,
    active: opts.active ? 1 : 0,
    // Windows in the order of the week, so the page shows them as a week reads.
    weekly: JSON.stringify([...opts.schedule.weekly].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start))),
    exceptions: JSON.stringify(opts.schedule.exceptions),
    updated_at: at,
  };
  await db
    .insertInto('coach_schedules')
    .values({ site_id: opts.siteId, user_id: opts.coachId, ...values, created_at: at })
    .onConflict((oc) => oc.columns(['site_id', 'user_id']).doUpdateSet(values))
    .execute();
}
