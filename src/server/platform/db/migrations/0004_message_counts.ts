import type { Kysely } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

/**
 * The bell's count reads only the index: `removed_by_recipient` joins `(site_id, to_user_id, showed_at)`, so the
 * count of a user's unopened messages no longer fetches each of their rows to check it (docs/performance.md).
 * The new index begins with the old one's columns, which serves nothing the new one does not; it goes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);
  await h.index('messages', ['site_id', 'to_user_id', 'showed_at', 'removed_by_recipient']);
  await db.schema.dropIndex('messages_site_id_to_user_id_showed_at_idx').execute();
}
