import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * "View as this user" (modules/administration): an administrator's read-only session of a student is a session of
 * hers (identity's `sessions`) that names its viewer (`viewer_user_id`, null for every other session) and lives 30
 * minutes at most. Each use is a row of `view_as_log`: who viewed whom, why, the session it made, when it began and
 * was due to end, and when and how it ended (`ended_how`: `ended`, `signed_out`, `revoked`; an entry still open after
 * `expires_at` reads as ended by expiry). Read newest first per site and per viewed user.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await db.schema.alterTable('sessions').addColumn('viewer_user_id', 'integer').execute();
  await h.tenantTable('view_as_log', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('viewer_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('session_id', 'integer')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('started_at', h.timestamp, (c) => c.notNull())
      .addColumn('expires_at', h.timestamp, (c) => c.notNull())
      .addColumn('ended_at', h.timestamp)
      .addColumn('ended_how', 'text'),
  );
  await h.index('view_as_log', ['site_id', 'user_id', 'id']);
  await h.index('view_as_log', ['site_id', 'id']);
  // An administrator's open entries, which her signing out ends.
  await h.index('view_as_log', ['viewer_user_id']);
}
