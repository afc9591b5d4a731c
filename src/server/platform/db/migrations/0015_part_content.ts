import type { Kysely } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

/**
 * A part's content as its editor saves it (spec §1, §4, §9): every save of a part is kept as a revision (who, when,
 * the course version it made, and the part's whole content as JSON) so an earlier state can be restored; and course
 * content in several languages: a course's default language, and the part names and block titles and contents
 * written in the others (`{"sv":{"name":…}}`, `{"sv":{"title":…,"content":{…}}}`).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);
  await db.schema
    .alterTable('courses')
    .addColumn('default_language', 'varchar(10)', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('course_parts')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('course_blocks')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await h.tenantTable('part_revisions', (t) =>
    t
      .addColumn('course_part_id', 'integer', (c) => c.notNull().references('course_parts.id').onDelete('cascade'))
      // A deleted account leaves the part's history, without her name on it.
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull()),
  );
  await h.index('part_revisions', ['site_id', 'course_part_id']);
}
