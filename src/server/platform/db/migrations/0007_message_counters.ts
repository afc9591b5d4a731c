import { type Kysely, sql } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

/**
 * The bell's count kept as it changes, so that the poll every client makes every 3 s reads one row instead of
 * counting a backlog (a learner with 400 unopened messages cost it 12 µs of index scan on every poll,
 * docs/performance.md). `message_counters` holds, per recipient, how many messages to her are not opened yet
 * (`recipient_id` -1: the support inbox, whose messages have no recipient). Triggers on `messages` keep it, so
 * every way a message is written, opened, removed or deleted (a cascade too) moves the count, in the writer's
 * own transaction. What a message counts for is what `unopenedOf` in modules/coaching/services/messages.ts
 * once counted:
 * - to a user: not opened, not removed by her;
 * - to the support inbox (no recipient, kind 'support'): not opened.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);
  await db.schema
    .createTable('message_counters')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull())
    .addColumn('unopened', 'integer', (c) => c.notNull())
    // When the count last moved, as on every table (the tests' snapshots of what a request wrote read it).
    .addColumn('updated_at', h.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('message_counters_pkey', ['site_id', 'recipient_id'])
    .execute();

  const counts = (row: 'NEW' | 'OLD') =>
    `${row}.showed_at IS NULL AND (${row}.to_user_id IS NOT NULL AND ${row}.removed_by_recipient = 0` +
    ` OR ${row}.to_user_id IS NULL AND ${row}.kind = 'support')`;
  // The time as each database stores it: an ISO string in SQLite (as `now()` writes it), a timestamptz in PostgreSQL.
  const at = h.postgres ? 'now()' : "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  const add = `INSERT INTO message_counters (site_id, recipient_id, unopened, updated_at)
    VALUES (NEW.site_id, COALESCE(NEW.to_user_id, -1), 1, ${at})
    ON CONFLICT (site_id, recipient_id)
    DO UPDATE SET unopened = message_counters.unopened + 1, updated_at = excluded.updated_at;`;
  const take = `UPDATE message_counters SET unopened = unopened - 1, updated_at = ${at}
    WHERE site_id = OLD.site_id AND recipient_id = COALESCE(OLD.to_user_id, -1);`;
  // Only these columns decide whether, and for whom, a message counts.
  const columns = 'showed_at, removed_by_recipient, to_user_id, kind, site_id';

  if (h.postgres) {
    await sql
      .raw(`CREATE FUNCTION message_counters_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND ${counts('OLD')} THEN
    ${take}
  END IF;
  IF TG_OP <> 'DELETE' AND ${counts('NEW')} THEN
    ${add}
  END IF;
  RETURN NULL;
END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER messages_count_unopened AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON messages
        FOR EACH ROW EXECUTE FUNCTION message_counters_follow()`)
      .execute(db);
  } else {
    const trigger = (name: string, event: string, row: 'NEW' | 'OLD', body: string) =>
      sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON messages WHEN ${counts(row)} BEGIN ${body} END`).execute(db);
    await trigger('messages_count_inserted', 'INSERT', 'NEW', add);
    await trigger('messages_count_deleted', 'DELETE', 'OLD', take);
    // An update takes the message off the count it was in, then adds it to the one it is in now (if any).
    await trigger('messages_uncount_updated', `UPDATE OF ${columns}`, 'OLD', take);
    await trigger('messages_count_updated', `UPDATE OF ${columns}`, 'NEW', add);
  }

  await sql
    .raw(`INSERT INTO message_counters (site_id, recipient_id, unopened, updated_at)
      SELECT site_id, COALESCE(to_user_id, -1), COUNT(*), ${at} FROM messages WHERE ${counts('NEW').replaceAll('NEW.', '')}
      GROUP BY site_id, COALESCE(to_user_id, -1)`)
    .execute(db);
}
