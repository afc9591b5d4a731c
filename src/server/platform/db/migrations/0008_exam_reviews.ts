import { type Kysely, sql } from 'kysely';

/**
 * A review's score: an optional whole number from 0 to 100 beside the comment, kept with the exam's latest review
 * like the comment is. The check repeats the contract's rule so no other writer can store what the learner's page
 * could not show.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_exams')
    .addColumn('review_score', 'integer', (c) => c.check(sql`review_score BETWEEN 0 AND 100`))
    .execute();
}
