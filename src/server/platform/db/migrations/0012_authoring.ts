import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Course authoring (spec §4, §7): a course's edit lock and its version. The lock is three columns of `courses`, so
 * taking it is one conditional UPDATE of the course's row that every server process on the database sees alike;
 * `lock_expires_at` lets a lock whose holder vanished lapse without anyone releasing it. `version` is bumped by
 * every authoring write: a save made on an older version is refused, never silently applied over a newer one.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await db.schema
    .alterTable('courses')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('courses')
    .addColumn('version_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('courses').addColumn('version_at', h.timestamp).execute();
  await db.schema
    .alterTable('courses')
    .addColumn('locked_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('courses').addColumn('locked_at', h.timestamp).execute();
  await db.schema.alterTable('courses').addColumn('lock_expires_at', h.timestamp).execute();
}
