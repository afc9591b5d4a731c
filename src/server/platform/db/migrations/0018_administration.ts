import { type Kysely, sql } from 'kysely';

/**
 * The user list of /users (modules/administration) sorts by name unless told otherwise: without this index a
 * school's every user would be read and sorted for each page of it. Lower-cased as the list sorts; the id last, the
 * list's tie-breaker.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_site_name_idx on users (site_id, lower(first_name), lower(last_name), id)`.execute(db);
}
