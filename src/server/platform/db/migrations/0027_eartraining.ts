import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Ear training (modules/eartraining): a learner's finished rounds, each once per the key its client gave it (a second
 * send of a round finds it and stores nothing), with the xp it earned; and every answer of them (the interval
 * played, its direction, the one chosen, right or not, the response time), read per learner and exercise for her
 * accuracy, her confusions and her practice.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('eartraining_rounds', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('exercise', 'text', (c) => c.notNull())
      .addColumn('round_key', 'text', (c) => c.notNull())
      .addColumn('questions', 'integer', (c) => c.notNull())
      .addColumn('right_answers', 'integer', (c) => c.notNull())
      .addColumn('xp', 'integer', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('eartraining_rounds_key')
    .unique()
    .on('eartraining_rounds')
    .columns(['site_id', 'user_id', 'round_key'])
    .execute();
  // The day's xp of a learner (the daily cap).
  await h.index('eartraining_rounds', ['site_id', 'user_id', 'created_at']);
  await h.tenantTable('eartraining_answers', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('round_id', 'integer', (c) => c.notNull().references('eartraining_rounds.id').onDelete('cascade'))
      .addColumn('exercise', 'text', (c) => c.notNull())
      .addColumn('interval', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('chosen', 'text', (c) => c.notNull())
      .addColumn('correct', 'integer', (c) => c.notNull())
      .addColumn('response_ms', 'integer', (c) => c.notNull()),
  );
  await h.index('eartraining_answers', ['site_id', 'user_id', 'exercise', 'id']);
}
