import type { Kysely } from 'kysely';

/**
 * A round played in a course's ear-training block keeps the block and whether it passed, so a second send of the
 * round answers as the first did. A block deleted later leaves its rounds, without it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('eartraining_rounds')
    .addColumn('course_block_id', 'integer', (c) => c.references('course_blocks.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('eartraining_rounds').addColumn('passed', 'integer').execute();
}
