import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the pages of /users that keep much of a big site (modules/administration/queries/users.ts): each sort
 * that had none gets one, in the order the list reads it, so a page of the newest (or last seen) of 97,800 active
 * students reads its 50 rows off the index instead of sorting them all; the counts of a type, or of a type and a
 * status, are read from an index alone; the few not verified or locked have indexes of their own; a company's users
 * come in order of name. The list chooses between walking
 * a sort's index and reading the table through by how much of the site its filters keep (`walksSortIndex`).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_site_created_idx on users (site_id, created_at, id)`.execute(db);
  await sql`create index users_site_last_seen_idx on users (site_id, (last_seen_at is not null), last_seen_at, id)`.execute(
    db,
  );
  await sql`create index users_site_status_idx on users (site_id, user_type, locked_at, email_verified_at, email)`.execute(
    db,
  );
  // The few not verified or locked by an administrator, without reading the many who are neither.
  await sql`create index users_site_unverified_idx on users (site_id, id) where email_verified_at is null`.execute(db);
  await sql`create index users_site_locked_idx on users (site_id, id) where locked_at is not null`.execute(db);
  // A company's users by name: the index of 0022 with the name after it, which serves all it served.
  await sql`drop index users_site_company_idx`.execute(db);
  await sql`create index users_site_company_idx on users (site_id, company_id, lower(first_name), lower(last_name), id) where company_id is not null`.execute(
    db,
  );
}
