import type { Kysely } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

/**
 * Sign-in attempts are counted per account and source (the client's address), so a stranger's wrong passwords
 * lock the stranger's source out of an account and not its owner (docs/security.md, "Sign-in limits and account
 * locks"). One row per (site, email, source); the source `*` holds the account-wide ceiling. The old per-account
 * counter goes with its locks: they were the very locks a stranger could set.
 *
 * `rate_limits` holds fixed-window counters (a bucket, a subject such as a source or an address, when the window
 * began and how many it has taken), so every server process counts against the same window.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);
  await h.tenantTable('sign_in_attempts', (t) =>
    t
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('source', 'varchar(64)', (c) => c.notNull())
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', h.timestamp)
      .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('proven_at', h.timestamp)
      .addUniqueConstraint('sign_in_attempts_site_email_source_unique', ['site_id', 'email', 'source']),
  );
  await db.schema.dropTable('login_attempts').execute();

  await h.tenantTable('rate_limits', (t) =>
    t
      .addColumn('bucket', 'varchar(40)', (c) => c.notNull())
      .addColumn('subject', 'varchar(300)', (c) => c.notNull())
      .addColumn('window_started_at', h.timestamp, (c) => c.notNull())
      .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('rate_limits_site_bucket_subject_unique', ['site_id', 'bucket', 'subject']),
  );
}
