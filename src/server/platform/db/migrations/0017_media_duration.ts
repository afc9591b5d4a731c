import type { Kysely } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

/**
 * A video's or audio's length in seconds (spec §1: the editor shows it, a Video block's length starts from it), read
 * from the file when it is stored (an upload, a course import, the demo). The media already there keep 0, "not
 * known": their files are not read here (a store of gigabytes would hold the migration up), see docs/decisions.md.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);
  await db.schema
    .alterTable('media_files')
    .addColumn('duration_seconds', h.double, (c) => c.notNull().defaultTo(0))
    .execute();
}
