import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/** A site's xp rules of ear training (modules/eartraining): per right answer, a round's and a day's most. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('eartraining_xp_rules', (t) =>
    t
      .addColumn('per_right_answer', 'integer', (c) => c.notNull())
      .addColumn('round_max', 'integer', (c) => c.notNull())
      .addColumn('daily_max', 'integer', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('eartraining_xp_rules_site')
    .unique()
    .on('eartraining_xp_rules')
    .column('site_id')
    .execute();
}
