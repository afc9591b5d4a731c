import { type Kysely, sql } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Coaching bookings (modules/commerce): each coach's availability (his time zone, a session's length and buffer, his
 * weekly hours and exceptions), the sessions booked, the credit each one spent (a booking's line in the
 * `coaching_credits` ledger), the site's rules for changing a booking, and mails that carry attachments (the
 * calendar invitations).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('coach_schedules', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('session_minutes', 'integer', (c) => c.notNull())
      .addColumn('buffer_minutes', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      // The weekly windows and the exceptions, as JSON: always read and replaced whole, with the schedule.
      .addColumn('weekly', 'text', (c) => c.notNull())
      .addColumn('exceptions', 'text', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('coach_schedules_site_user')
    .unique()
    .on('coach_schedules')
    .columns(['site_id', 'user_id'])
    .execute();

  await h.tenantTable('bookings', (t) =>
    t
      .addColumn('coach_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('learner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('starts_at', h.timestamp, (c) => c.notNull())
      .addColumn('ends_at', h.timestamp, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      // The learner's clock when she booked or last moved it: her mails show the time on it.
      .addColumn('time_zone', 'text', (c) => c.notNull())
      // The calendar invitation's SEQUENCE: 0 when booked, one more at every move and at the cancellation.
      .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('paid_with_credit', 'integer', (c) => c.notNull())
      .addColumn('booked_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('cancelled_at', h.timestamp)
      .addColumn('cancelled_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // Set when the reminder went, or when none is due (booked less than a day ahead).
      .addColumn('reminder_sent_at', h.timestamp),
  );
  // One booked session per coach and start, whatever the processes: of two bookings of one slot, the second fails.
  await db.schema
    .createIndex('bookings_coach_start')
    .unique()
    .on('bookings')
    .columns(['site_id', 'coach_id', 'starts_at'])
    .where(sql<boolean>`status = 'booked'`)
    .execute();
  await h.index('bookings', ['site_id', 'learner_id', 'starts_at']);
  await h.index('bookings', ['site_id', 'starts_at']);
  // The reminders' queue, served for every site by one job (as the mail queue is): the booked sessions whose
  // reminder has not gone.
  await db.schema
    .createIndex('bookings_reminders_due')
    .on('bookings')
    .column('starts_at')
    .where(sql<boolean>`status = 'booked' and reminder_sent_at is null`)
    .execute();

  // A booking's line in the credits ledger: spent when booked, returned when cancelled, each once.
  await db.schema
    .alterTable('coaching_credits')
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('coaching_credits_booking')
    .unique()
    .on('coaching_credits')
    .columns(['site_id', 'booking_id', 'reason'])
    .execute();

  await db.schema
    .alterTable('shop_settings')
    .addColumn('booking_cancel_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await db.schema
    .alterTable('shop_settings')
    .addColumn('booking_weeks', 'integer', (c) => c.notNull().defaultTo(4))
    .execute();

  // A mail's attachments (name, type, text), as JSON: a calendar invitation is a few hundred bytes.
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
}
