import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * The page of one user (/user/:id, modules/administration): an administrator's lock of an account (`users.locked_at`
 * and who set it; identity's sign-in refuses a locked account) and the user's history, one row per change made
 * through the page: who (`actor_user_id`, kept as null once that account is gone), what (`action`), the details as
 * JSON, and when (`created_at`). Read newest first per user.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await db.schema.alterTable('users').addColumn('locked_at', h.timestamp).execute();
  await db.schema.alterTable('users').addColumn('locked_by_user_id', 'integer').execute();
  await h.tenantTable('user_history', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}')),
  );
  await h.index('user_history', ['site_id', 'user_id', 'id']);
}
