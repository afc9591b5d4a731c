import type { Kysely } from 'kysely';

/**
 * A course's name and description in several languages (spec §1), the way its parts' names are stored: written in
 * the course's default language, and in the others as `{"sv":{"name":…,"description":…}}`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
