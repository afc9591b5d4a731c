import type { Kysely } from 'kysely';

/**
 * Attempts per test, a course setting (null: no limit), counted per learner in `block_results.attempts`; and the
 * staff member who sent a system message, which staff see and learners do not (the system stays its sender).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('courses').addColumn('test_attempts', 'integer').execute();
  await db.schema
    .alterTable('messages')
    .addColumn('sent_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
