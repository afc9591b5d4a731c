import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Course authoring (/Courses): a course's status is published, unpublished or draft (spec §4 content states), and
 * a course can be archived and restored. `published` stays the learners' rule; `draft` marks a course that was
 * never published (a new one starts as a draft, unpublished). The footer coach text of a course and whether it
 * replaces the default (`FooterMentorCopy.UseCustomText`, spec §7), and the minutes without an edit after which
 * the course's editing closes (spec §4: the course default is 30).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await db.schema
    .alterTable('courses')
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('courses').addColumn('archived_at', h.timestamp).execute();
  await db.schema
    .alterTable('courses')
    .addColumn('footer_coach_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('courses')
    .addColumn('footer_use_custom_text', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('courses')
    .addColumn('edit_inactivity_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
}
