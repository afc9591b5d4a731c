import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Registration codes (/codes, /redeem-code): a code gives access to a set of courses of its site. It is stored in
 * its normalised form (capitals, no dashes), found by the unique index on (site, code); `uses_left` is taken by a
 * conditional UPDATE, so concurrent redemptions never pass `uses_total`. A redemption is one row per user and code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('registration_codes', (t) =>
    t
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('batch_key', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('course_ids', 'text', (c) => c.notNull())
      .addColumn('access_days', 'integer')
      .addColumn('access_until', h.timestamp)
      .addColumn('uses_total', 'integer', (c) => c.notNull())
      .addColumn('uses_left', 'integer', (c) => c.notNull())
      .addColumn('valid_from', h.timestamp)
      .addColumn('valid_to', h.timestamp)
      .addColumn('deactivated_at', h.timestamp)
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
  );
  await db.schema
    .createIndex('registration_codes_site_code')
    .on('registration_codes')
    .columns(['site_id', 'code'])
    .unique()
    .execute();
  await h.index('registration_codes', ['site_id', 'batch_key']);
  await h.tenantTable('registration_code_redemptions', (t) =>
    t
      .addColumn('code_id', 'integer', (c) => c.notNull().references('registration_codes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade')),
  );
  await db.schema
    .createIndex('registration_code_redemptions_code_user')
    .on('registration_code_redemptions')
    .columns(['code_id', 'user_id'])
    .unique()
    .execute();
}
