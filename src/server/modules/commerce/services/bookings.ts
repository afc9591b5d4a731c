import {
  BOOKING_CHANGES_PER_LEARNER,
  BOOKING_CHANGES_PER_STAFF,
  BOOKING_NOTICE_MINUTES,
  changeableUntil,
  isTimeZone,
  REMINDER_BEFORE_MS,
} from '../../../../shared/domain/commerce/booking/rules';
import { freeSlots, type Interval, isFreeSlot } from '../../../../shared/domain/commerce/booking/slots';
import { authorize, isAdmin, isStaff } from '../../../platform/authorize';
import type { Config } from '../../../platform/config';
import { type Db, lockedForUpdate, now } from '../../../platform/db';
import { isUniqueViolation } from '../../../platform/db/lookups';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { requireWindow } from '../../../platform/limits';
import type { Mailer } from '../../../platform/mail/outbox';
import { bookingActions } from '../policies/bookings';
import type { BookingView } from '../presenters/bookings';
import { bookableCoaches, scheduleOf } from './availability';
import { mailBookingNews } from './bookingMails';
import { creditBalance } from './fulfilment';
import { bookingSettings } from './settings';

export interface BookingDeps {
  config: Config;
  mailer: Mailer;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString();

/** A site's bookings with the names of their coaches and learners (the one shape every answer is made from). */
export const bookingViews = (db: Db, siteId: number) =>
  db
    .selectFrom('bookings')
    .leftJoin('users as coach', 'coach.id', 'bookings.coach_id')
    .leftJoin('users as learner', 'learner.id', 'bookings.learner_id')
    .select([
      'bookings.id',
      'bookings.status',
      'bookings.coach_id',
      'coach.first_name as coach_first_name',
      'coach.last_name as coach_last_name',
      'bookings.learner_id',
      'learner.first_name as learner_first_name',
      'learner.last_name as learner_last_name',
      'learner.email as learner_email',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.paid_with_credit',
    ])
    .where('bookings.site_id', '=', siteId);

export async function bookingView(db: Db, siteId: number, bookingId: number): Promise<BookingView> {
  return bookingViews(db, siteId).where('bookings.id', '=', bookingId).executeTakeFirstOrThrow();
}

/** The booked sessions of some coaches that reach into [from, to), by coach. */
export async function bookedOf(
  db: Db,
  opts: { siteId: number; coachIds: number[]; from: number; to: number; except?: number },
): Promise<Map<number, Interval[]>> {
  const byCoach = new Map<number, Interval[]>();
  if (opts.coachIds.length === 0) return byCoach;
  let query = db
    .selectFrom('bookings')
    .select(['id', 'coach_id', 'starts_at', 'ends_at'])
    .where('site_id', '=', opts.siteId)
    .where('status', '=', 'booked')
    .where('coach_id', 'in', opts.coachIds)
    .where('starts_at', '<', iso(opts.to))
    .where('ends_at', '>', iso(opts.from));
  if (opts.except !== undefined) query = query.where('id', '<>', opts.except);
  for (const row of await query.execute()) {
    const list = byCoach.get(row.coach_id ?? 0) ?? [];
    list.push({ start: Date.parse(row.starts_at), end: Date.parse(row.ends_at) });
    byCoach.set(row.coach_id ?? 0, list);
  }
  return byCoach;
}

/** A free slot of the coming weeks, with the coaches free then. */
export interface FreeSlot {
  start: number;
  end: number;
  coachIds: number[];
}

/**
 * The free slots from now to the site's horizon (its `weeks`) of one coach or of every bookable coach, in time
 * order: a start and end that several coaches have free is one slot naming them all.
 */
export async function findSlots(
  db: Db,
  opts: { siteId: number; coachId: number | null; at?: number },
): Promise<{ slots: FreeSlot[]; cancelHours: number }> {
  const at = opts.at ?? Date.now();
  const settings = await bookingSettings(db, opts.siteId);
  const coaches = (await bookableCoaches(db, opts.siteId)).filter((c) => !opts.coachId || c.id === opts.coachId);
  if (opts.coachId && coaches.length === 0) throw new AppError('NOT_FOUND', 'No such coach');
  const to = at + settings.weeks * WEEK_MS;
  const booked = await bookedOf(db, { siteId: opts.siteId, coachIds: coaches.map((c) => c.id), from: at - DAY_MS, to });
  const slots = new Map<string, FreeSlot>();
  for (const coach of coaches) {
    const free = freeSlots({
      schedule: coach.schedule,
      from: at,
      to,
      now: at,
      noticeMinutes: BOOKING_NOTICE_MINUTES,
      booked: booked.get(coach.id) ?? [],
    });
    for (const slot of free) {
      const key = `${slot.start}-${slot.end}`;
      const known = slots.get(key);
      if (known) known.coachIds.push(coach.id);
      else slots.set(key, { ...slot, coachIds: [coach.id] });
    }
  }
  return {
    slots: [...slots.values()].sort((a, b) => a.start - b.start || a.end - b.end),
    cancelHours: settings.cancelHours,
  };
}

/** One more booking, move or cancellation by the actor (each sends mails), or TOO_MANY_REQUESTS. */
const requireChangeAllowance = (trx: Db, siteId: number, actor: SessionUser) =>
  requireWindow(trx, {
    siteId,
    bucket: 'coaching_bookings',
    subject: `user:${actor.id}`,
    ...(isStaff(actor) ? BOOKING_CHANGES_PER_STAFF : BOOKING_CHANGES_PER_LEARNER),
    message: 'Too many bookings and changes',
  });

/** When a session's reminder is due no more: now, when it starts within the reminder's lead; else not yet. */
const reminderState = (start: number, at: number): string | null => (start - REMINDER_BEFORE_MS <= at ? iso(at) : null);

function requireTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) {
    throw invalidFields({ field: 'data.TimeZone', message: 'An IANA time zone, such as Europe/Stockholm' });
  }
}

/**
 * The coach's schedule, locked for the rest of the transaction: the bookings of one coach are made one after the
 * other, across processes, so the check that a slot is free holds until the booking is written. Answers it when
 * the coach takes bookings.
 */
async function lockCoach(trx: Db, siteId: number, coachId: number) {
  const row = await lockedForUpdate(
    trx,
    trx.selectFrom('coach_schedules').selectAll().where('site_id', '=', siteId).where('user_id', '=', coachId),
  ).executeTakeFirst();
  return row && row.active === 1 ? scheduleOf(row) : null;
}

/** Refuses a slot the learner is already in a session at (with any coach). */
async function requireLearnerFree(
  trx: Db,
  opts: { siteId: number; learnerId: number; slot: Interval; except?: number },
) {
  let query = trx
    .selectFrom('bookings')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('learner_id', '=', opts.learnerId)
    .where('status', '=', 'booked')
    .where('starts_at', '<', iso(opts.slot.end))
    .where('ends_at', '>', iso(opts.slot.start));
  if (opts.except !== undefined) query = query.where('id', '<>', opts.except);
  if (await query.executeTakeFirst()) {
    throw new AppError('INVALID_STATE', 'The learner has another session at that time');
  }
}

/** A unique index's refusal of a second session of a coach at one start, as the refusal a learner understands. */
const slotTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('SLOT_TAKEN', 'This time is no longer free');
  throw error;
};

interface BookOptions {
  siteId: number;
  actor: SessionUser;
  coachId: number | null;
  startsAt: string;
  timeZone: string;
  learnerId: number | null;
  withoutCredit: boolean;
}

/**
 * Books a session: with the coach named, or with whichever coach is free then (the one with the fewest sessions in
 * the coming weeks first). One transaction locks the coach's schedule, checks the slot is still free (his hours, his
 * other sessions and buffer, the notice, the horizon), locks the learner's row, spends one of her credits and writes
 * the booking; a unique index on the coach and start refuses a second booking of the slot even so. Of many learners
 * booking one slot at once, across processes, one gets it and the others SLOT_TAKEN; a learner's credits are spent
 * one at a time, so she never spends more than she has.
 */
export async function bookSession(db: Db, deps: BookingDeps, opts: BookOptions) {
  requireTimeZone(opts.timeZone);
  const learnerId = opts.learnerId ?? opts.actor.id;
  authorize(opts.actor, bookingActions.bookFor, { learnerId });
  if (opts.withoutCredit) authorize(opts.actor, bookingActions.bookWithoutCredit, undefined);
  const learner = await db
    .selectFrom('users')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('id', '=', learnerId)
    .executeTakeFirst();
  if (!learner) throw new AppError('NOT_FOUND', 'No such learner');
  const start = Date.parse(opts.startsAt);
  let candidates: number[];
  if (opts.coachId) {
    if (opts.coachId === learnerId) throw new AppError('INVALID_STATE', 'A coach does not book a session with himself');
    candidates = [opts.coachId];
  } else {
    const { slots } = await findSlots(db, { siteId: opts.siteId, coachId: null });
    const free = slots.filter((slot) => slot.start === start).flatMap((slot) => slot.coachIds);
    candidates = await leastBookedFirst(
      db,
      opts.siteId,
      free.filter((id) => id !== learnerId),
    );
    if (candidates.length === 0) throw new AppError('SLOT_TAKEN', 'No coach is free at that time');
  }
  for (const [index, coachId] of candidates.entries()) {
    try {
      const bookingId = await db
        .transaction()
        .execute((trx) => bookWith(trx, deps, { ...opts, learnerId, coachId, start }));
      const settings = await bookingSettings(db, opts.siteId);
      return {
        booking: await bookingView(db, opts.siteId, bookingId),
        cancelHours: settings.cancelHours,
        credits: await creditBalance(db, opts.siteId, learnerId),
      };
    } catch (error) {
      // Taken meanwhile: the next coach free then, if any.
      const taken = error instanceof AppError && error.code === 'SLOT_TAKEN';
      if (!taken || opts.coachId || index === candidates.length - 1) throw error;
    }
  }
  throw new AppError('SLOT_TAKEN', 'No coach is free at that time');
}

/** Coaches ordered by their booked sessions from now on, fewest first (then by id, so the order is stable). */
async function leastBookedFirst(db: Db, siteId: number, coachIds: number[]): Promise<number[]> {
  if (coachIds.length === 0) return [];
  const counts = await db
    .selectFrom('bookings')
    .select(['coach_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('site_id', '=', siteId)
    .where('status', '=', 'booked')
    .where('coach_id', 'in', coachIds)
    .where('starts_at', '>', now())
    .groupBy('coach_id')
    .execute();
  const load = (id: number) => Number(counts.find((c) => c.coach_id === id)?.count ?? 0);
  return [...new Set(coachIds)].sort((a, b) => load(a) - load(b) || a - b);
}

async function bookWith(
  trx: Db,
  deps: BookingDeps,
  opts: BookOptions & { learnerId: number; coachId: number; start: number },
): Promise<number> {
  await requireChangeAllowance(trx, opts.siteId, opts.actor);
  const at = Date.now();
  const settings = await bookingSettings(trx, opts.siteId);
  const schedule = await lockCoach(trx, opts.siteId, opts.coachId);
  const coachIsStaff = await trx
    .selectFrom('users')
    .select(['user_type', 'privilegies'])
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.coachId)
    .executeTakeFirst();
  if (!schedule || !coachIsStaff || !isStaff(coachIsStaff)) throw new AppError('NOT_FOUND', 'No such coach');
  const slot = await freeSlotOf(trx, {
    siteId: opts.siteId,
    coachId: opts.coachId,
    schedule,
    start: opts.start,
    at,
    horizon: at + settings.weeks * WEEK_MS,
  });
  await lockedForUpdate(
    trx,
    trx.selectFrom('users').select('id').where('site_id', '=', opts.siteId).where('id', '=', opts.learnerId),
  ).executeTakeFirstOrThrow();
  await requireLearnerFree(trx, { siteId: opts.siteId, learnerId: opts.learnerId, slot });
  if (!opts.withoutCredit && (await creditBalance(trx, opts.siteId, opts.learnerId)) < 1) {
    throw new AppError('NO_CREDITS', 'No coaching credits left: buy a coaching package first');
  }
  const bookingId = await insertBooking(trx, {
    siteId: opts.siteId,
    coachId: opts.coachId,
    learnerId: opts.learnerId,
    slot,
    timeZone: opts.timeZone,
    paidWithCredit: !opts.withoutCredit,
    bookedBy: opts.actor.id,
    at,
  });
  await mailBookingNews(trx, deps, { siteId: opts.siteId, bookingId, news: { event: 'booked' } });
  return bookingId;
}

/**
 * Writes a booked session and, when it is paid with a credit, its line in the ledger (the learner's credit spent),
 * inside the caller's transaction; answers its id. The checks are the caller's (`bookSession`).
 */
export async function insertBooking(
  trx: Db,
  opts: {
    siteId: number;
    coachId: number;
    learnerId: number;
    slot: Interval;
    timeZone: string;
    paidWithCredit: boolean;
    bookedBy: number;
    at: number;
  },
): Promise<number> {
  const stamp = now();
  const booking = await trx
    .insertInto('bookings')
    .values({
      site_id: opts.siteId,
      coach_id: opts.coachId,
      learner_id: opts.learnerId,
      starts_at: iso(opts.slot.start),
      ends_at: iso(opts.slot.end),
      status: 'booked',
      time_zone: opts.timeZone,
      paid_with_credit: opts.paidWithCredit ? 1 : 0,
      booked_by_user_id: opts.bookedBy,
      cancelled_at: null,
      cancelled_by_user_id: null,
      reminder_sent_at: reminderState(opts.slot.start, opts.at),
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch(slotTaken);
  if (opts.paidWithCredit) {
    await trx
      .insertInto('coaching_credits')
      .values({
        site_id: opts.siteId,
        user_id: opts.learnerId,
        change: -1,
        order_id: null,
        booking_id: booking.id,
        reason: 'booked',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
  return booking.id;
}

/** The slot of a coach starting at `start`, if it is free now and within the horizon; else SLOT_TAKEN. */
async function freeSlotOf(
  trx: Db,
  opts: {
    siteId: number;
    coachId: number;
    schedule: NonNullable<Awaited<ReturnType<typeof lockCoach>>>;
    start: number;
    at: number;
    horizon: number;
    except?: number;
  },
): Promise<Interval> {
  const booked = await bookedOf(trx, {
    siteId: opts.siteId,
    coachIds: [opts.coachId],
    from: opts.start - DAY_MS,
    to: opts.start + DAY_MS,
    ...(opts.except === undefined ? {} : { except: opts.except }),
  });
  const slot =
    opts.start < opts.horizon
      ? isFreeSlot(
          {
            schedule: opts.schedule,
            from: opts.at,
            to: opts.horizon,
            now: opts.at,
            noticeMinutes: BOOKING_NOTICE_MINUTES,
            booked: booked.get(opts.coachId) ?? [],
          },
          opts.start,
        )
      : undefined;
  if (!slot) throw new AppError('SLOT_TAKEN', 'This time is not free');
  return slot;
}

type BookingRow = { id: number; learner_id: number | null; coach_id: number | null; status: string } & {
  starts_at: string;
  ends_at: string;
};

/**
 * The booking an actor changes: her own, or any for an administrator. Another's is NOT_FOUND, but for its coach,
 * who is told he may not (FORBIDDEN).
 */
function changeable<T extends BookingRow>(actor: SessionUser, row: T | undefined): T {
  if (!row) throw new AppError('NOT_FOUND', 'No such booking');
  if (row.learner_id !== actor.id && !isAdmin(actor) && row.coach_id !== actor.id) {
    throw new AppError('NOT_FOUND', 'No such booking');
  }
  authorize(actor, bookingActions.change, { learnerId: row.learner_id });
  return row;
}

/**
 * Whether the booking may change now: booked, and for its learner before the site's deadline (CHANGE_CLOSED after
 * it); an administrator changes it until it ends.
 */
function requireOpen(actor: SessionUser, row: BookingRow, cancelHours: number, at: number): void {
  if (row.status !== 'booked') throw new AppError('INVALID_STATE', 'The booking is cancelled');
  if (at >= Date.parse(row.ends_at)) throw new AppError('INVALID_STATE', 'The session is over');
  if (isAdmin(actor)) return;
  const until = changeableUntil(row.starts_at, cancelHours);
  if (at >= Date.parse(until)) {
    throw new AppError(
      'CHANGE_CLOSED',
      `A booking can be cancelled or moved until ${cancelHours} hours before it starts`,
      { changeable_until: until },
    );
  }
}

/**
 * Cancels a booking (its learner before the deadline, an administrator until it ends) in one transaction that locks
 * its row: it is cancelled once, the credit it was paid with comes back once (a unique line per booking in the
 * ledger), and both are mailed a cancellation (METHOD:CANCEL, the next SEQUENCE).
 */
export async function cancelBooking(
  db: Db,
  deps: BookingDeps,
  opts: { siteId: number; actor: SessionUser; bookingId: number },
) {
  const settings = await bookingSettings(db, opts.siteId);
  const learnerId = await db.transaction().execute(async (trx) => {
    await requireChangeAllowance(trx, opts.siteId, opts.actor);
    const row = changeable(
      opts.actor,
      await lockedForUpdate(
        trx,
        trx.selectFrom('bookings').selectAll().where('site_id', '=', opts.siteId).where('id', '=', opts.bookingId),
      ).executeTakeFirst(),
    );
    requireOpen(opts.actor, row, settings.cancelHours, Date.now());
    const stamp = now();
    await trx
      .updateTable('bookings')
      .set((eb) => ({
        status: 'cancelled',
        cancelled_at: stamp,
        cancelled_by_user_id: opts.actor.id,
        sequence: eb('sequence', '+', 1),
        updated_at: stamp,
      }))
      .where('id', '=', row.id)
      .where('status', '=', 'booked')
      .execute();
    const creditReturned = row.paid_with_credit === 1 && row.learner_id !== null;
    if (creditReturned && row.learner_id !== null) {
      await trx
        .insertInto('coaching_credits')
        .values({
          site_id: opts.siteId,
          user_id: row.learner_id,
          change: 1,
          order_id: null,
          booking_id: row.id,
          reason: 'returned',
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
    await mailBookingNews(trx, deps, {
      siteId: opts.siteId,
      bookingId: row.id,
      news: { event: 'cancelled', creditReturned },
    });
    return row.learner_id;
  });
  return {
    booking: await bookingView(db, opts.siteId, opts.bookingId),
    cancelHours: settings.cancelHours,
    credits: learnerId === null ? 0 : await creditBalance(db, opts.siteId, learnerId),
  };
}

/**
 * Moves a booking to another free slot of its coach, on the rules of cancelling: his schedule is locked as for a
 * booking, then the booking's row; the credit stays with it, the invitation's SEQUENCE rises and both are mailed
 * the change. The learner's clock is hers: an administrator's move keeps the zone she booked in.
 */
export async function moveBooking(
  db: Db,
  deps: BookingDeps,
  opts: { siteId: number; actor: SessionUser; bookingId: number; startsAt: string; timeZone: string },
) {
  requireTimeZone(opts.timeZone);
  const settings = await bookingSettings(db, opts.siteId);
  const start = Date.parse(opts.startsAt);
  await db.transaction().execute(async (trx) => {
    await requireChangeAllowance(trx, opts.siteId, opts.actor);
    const seen = changeable(
      opts.actor,
      await trx
        .selectFrom('bookings')
        .select(['id', 'learner_id', 'coach_id', 'status', 'starts_at', 'ends_at'])
        .where('site_id', '=', opts.siteId)
        .where('id', '=', opts.bookingId)
        .executeTakeFirst(),
    );
    const at = Date.now();
    requireOpen(opts.actor, seen, settings.cancelHours, at);
    if (seen.coach_id === null) throw new AppError('INVALID_STATE', 'The coach of this session is gone');
    const schedule = await lockCoach(trx, opts.siteId, seen.coach_id);
    const row = await lockedForUpdate(
      trx,
      trx.selectFrom('bookings').selectAll().where('site_id', '=', opts.siteId).where('id', '=', opts.bookingId),
    ).executeTakeFirstOrThrow();
    requireOpen(opts.actor, row, settings.cancelHours, at);
    if (!schedule) throw new AppError('SLOT_TAKEN', 'The coach takes no bookings now');
    const slot = await freeSlotOf(trx, {
      siteId: opts.siteId,
      coachId: seen.coach_id,
      schedule,
      start,
      at,
      horizon: at + settings.weeks * WEEK_MS,
      except: row.id,
    });
    if (row.learner_id !== null) {
      await requireLearnerFree(trx, { siteId: opts.siteId, learnerId: row.learner_id, slot, except: row.id });
    }
    await trx
      .updateTable('bookings')
      .set((eb) => ({
        starts_at: iso(slot.start),
        ends_at: iso(slot.end),
        sequence: eb('sequence', '+', 1),
        time_zone: row.learner_id === opts.actor.id ? opts.timeZone : row.time_zone,
        reminder_sent_at: reminderState(slot.start, at),
        updated_at: now(),
      }))
      .where('id', '=', row.id)
      .where('status', '=', 'booked')
      .execute()
      .catch(slotTaken);
    await mailBookingNews(trx, deps, {
      siteId: opts.siteId,
      bookingId: row.id,
      news: { event: 'moved', before: { startsAt: row.starts_at, endsAt: row.ends_at } },
    });
  });
  return { booking: await bookingView(db, opts.siteId, opts.bookingId), cancelHours: settings.cancelHours };
}

/** The most sessions a list answers. */
const LIST_LIMIT = 200;

/**
 * The user's sessions that have not ended, as a learner and (staff) as a coach, her credits, and whether she keeps
 * hours herself.
 */
export async function myBookings(db: Db, opts: { siteId: number; user: SessionUser }) {
  const since = now();
  const coming = (column: 'bookings.learner_id' | 'bookings.coach_id') =>
    bookingViews(db, opts.siteId)
      .where(column, '=', opts.user.id)
      .where('bookings.status', '=', 'booked')
      .where('bookings.ends_at', '>', since)
      .orderBy('bookings.starts_at')
      .limit(LIST_LIMIT)
      .execute();
  const staff = isStaff(opts.user);
  const [asLearner, asCoach, credits, settings, schedule] = await Promise.all([
    coming('bookings.learner_id'),
    staff ? coming('bookings.coach_id') : Promise.resolve([]),
    creditBalance(db, opts.siteId, opts.user.id),
    bookingSettings(db, opts.siteId),
    staff
      ? db
          .selectFrom('coach_schedules')
          .select('id')
          .where('site_id', '=', opts.siteId)
          .where('user_id', '=', opts.user.id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return { asLearner, asCoach, credits, cancelHours: settings.cancelHours, isCoach: schedule !== undefined };
}
