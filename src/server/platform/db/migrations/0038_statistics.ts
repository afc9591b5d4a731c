import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Statistics (/statistics): the days, weeks and months in which each learner was active, and the indexes that let
 * the views count per period and per part without reading every row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);

  // One row per learner and period she was active in: `d2026-11-29`, `w2026-11-23` (the week's Monday),
  // `m2026-11`. Written on her first activity of a day, so the distinct learners of a period are a count of rows.
  await db.schema
    .createTable('activity_periods')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('period', 'varchar(11)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('activity_periods_pk', ['site_id', 'period', 'user_id'])
    .execute();

  // Per-period counts of sign-ins, xp, achievements, certificates, messages, ear-training answers and orders
  // (registrations use users_site_created_idx of migration 0026).
  await h.index('sessions', ['site_id', 'created_at']);
  await h.index('xp_awards', ['site_id', 'created_at']);
  await h.index('user_achievements', ['site_id', 'created_at']);
  await h.index('certificates', ['site_id', 'issued_at']);
  await h.index('messages', ['site_id', 'created_at']);
  await h.index('orders', ['site_id', 'paid_at']);
  await h.index('eartraining_answers', ['site_id', 'created_at']);
  // The funnel: learners per part of one course; the pass rates: answers per block.
  await h.index('part_progress', ['site_id', 'course_id', 'course_part_id']);
  await h.index('block_results', ['site_id', 'course_block_id']);
  await h.index('user_exams', ['site_id', 'reviewed_at']);
}
