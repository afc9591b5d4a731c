import { REMINDER_BEFORE_MS } from '../../../../shared/domain/commerce/booking/rules';
import type { Db } from '../../../platform/db';
import type { Log } from '../../../platform/handlers';
import { startPeriodic } from '../../../platform/jobs';
import { mailBookingNews } from './bookingMails';
import type { BookingDeps } from './bookings';

/** How often the reminders' job looks for sessions due a reminder while the server runs (and once at start). */
export const REMINDERS_EVERY_MS = 5 * 60 * 1000;

/** The most reminders one run sends; the next run sends the rest. */
const BATCH = 100;

/**
 * Sends the reminders due at `at`: to the learner of each booked session starting within the next 24 hours, once.
 * Each one is claimed by a conditional update (from no reminder to sent) in the transaction that queues its mail,
 * so of several processes running this at once only one sends it, and a failure sends nothing and tries again next
 * time. Sessions that began without a reminder (the server was down) are marked so and get none. Answers how many
 * were sent.
 */
export async function sendDueReminders(db: Db, deps: BookingDeps, at = Date.now()): Promise<number> {
  const stamp = new Date(at).toISOString();
  await db
    .updateTable('bookings')
    .set({ reminder_sent_at: stamp })
    .where('status', '=', 'booked')
    .where('reminder_sent_at', 'is', null)
    .where('starts_at', '<=', stamp)
    .execute();
  const due = await db
    .selectFrom('bookings')
    .select(['id', 'site_id'])
    .where('status', '=', 'booked')
    .where('reminder_sent_at', 'is', null)
    .where('starts_at', '<=', new Date(at + REMINDER_BEFORE_MS).toISOString())
    .orderBy('starts_at')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const booking of due) {
    const claimed = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('bookings')
        .set({ reminder_sent_at: stamp })
        .where('id', '=', booking.id)
        .where('status', '=', 'booked')
        .where('reminder_sent_at', 'is', null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      await mailBookingNews(trx, deps, { siteId: booking.site_id, bookingId: booking.id, news: { event: 'reminder' } });
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}

/** Sends due reminders now and every REMINDERS_EVERY_MS; answers the function that stops it. Failures are logged. */
export const startBookingReminders = (db: Db, deps: BookingDeps, log: Log): (() => void) =>
  startPeriodic({
    everyMs: REMINDERS_EVERY_MS,
    job: () => sendDueReminders(db, deps),
    log,
    failure: 'Sending coaching reminders failed',
  });
