import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/** A learner's settings of each ear-training exercise, as JSON (modules/eartraining), one row per exercise. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('eartraining_settings', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('exercise', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('eartraining_settings_key')
    .unique()
    .on('eartraining_settings')
    .columns(['site_id', 'user_id', 'exercise'])
    .execute();
}
