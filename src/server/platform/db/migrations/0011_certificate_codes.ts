import type { Kysely } from 'kysely';

/**
 * A certificate is found by its code on the public page that confirms it (`verify_certificate`): one index lookup
 * per check, and no two certificates of a site share a code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('certificates_site_code')
    .on('certificates')
    .columns(['site_id', 'code'])
    .unique()
    .execute();
}
