import type { Kysely } from 'kysely';

/**
 * A site's maintenance mode (spec §9 "Defaults: … maintenance off"): while it is on, the API answers only
 * administrators and the few calls the maintenance page and signing in need. A site setting like
 * `registration_enabled`, so it is a column of `sites`; every site starts with it off.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('maintenance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
