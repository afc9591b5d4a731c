import { findSlots, grantCoachingCredits, insertBooking, storeSchedule } from '../modules/commerce';
import type { Db } from '../platform/db';

/** The demo coach's zone and the demo student's: both in Stockholm. */
const DEMO_TIME_ZONE = 'Europe/Stockholm';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's coaching: the coach keeps weekday hours (09:00–12:00 and 13:00–16:00 in Stockholm, 45-minute sessions
 * with 15 minutes between); the student holds four coaching credits and has spent one on a session about three days
 * ahead, which she may still cancel or move.
 */
export async function seedDemoBookings(db: Db, opts: { siteId: number; coachId: number; studentId: number }) {
  await storeSchedule(db, {
    siteId: opts.siteId,
    coachId: opts.coachId,
    active: true,
    schedule: {
      timeZone: DEMO_TIME_ZONE,
      sessionMinutes: 45,
      bufferMinutes: 15,
      weekly: ([1, 2, 3, 4, 5] as const).flatMap((day) => [
        { day, start: '09:00', end: '12:00' },
        { day, start: '13:00', end: '16:00' },
      ]),
      exceptions: [],
    },
  });
  await grantCoachingCredits(db, { siteId: opts.siteId, userId: opts.studentId, credits: 4, reason: 'granted' });
  const at = Date.now();
  const { slots } = await findSlots(db, { siteId: opts.siteId, coachId: opts.coachId, at });
  const slot = slots.find((s) => s.start >= at + 3 * DAY_MS) ?? slots.at(-1);
  if (!slot) return;
  await insertBooking(db, {
    siteId: opts.siteId,
    coachId: opts.coachId,
    learnerId: opts.studentId,
    slot,
    timeZone: DEMO_TIME_ZONE,
    paidWithCredit: true,
    bookedBy: opts.studentId,
    at,
  });
}
