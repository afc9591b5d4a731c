import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Indexes the search of /users (modules/administration/queries/users.ts), a case-insensitive part of "first last"
 * or of the address, so that it no longer reads every user of the site.
 *
 * PostgreSQL: trigram GIN indexes (pg_trgm) on the very expressions the search compares, lower(first || ' ' || last)
 * and lower(email), which serve `like '%…%'` as they stand. The extension is created in `public` (one copy for every
 * schema of the database) if it is not there yet. Creating it takes a privilege a deployment may not grant: then
 * the migration passes without the indexes and the search reads the table as before (docs/operations.md).
 *
 * SQLite: an FTS5 table with the trigram tokenizer over the same two texts, contentless (it keeps only its index)
 * and kept by triggers on users; the search looks up the candidates of 3 characters or more there and compares
 * them as before (a trigram needs three).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const schema = await trigramSchema(db);
    if (schema === null) return;
    const ops = sql.raw(`${quoteIdentifier(schema)}.gin_trgm_ops`);
    await sql`create index users_search_name_trgm on users using gin (lower(first_name || ' ' || last_name) ${ops})`.execute(
      db,
    );
    await sql`create index users_search_email_trgm on users using gin (lower(email) ${ops})`.execute(db);
    return;
  }
  await sql`create virtual table users_search using fts5(name, email, content='', contentless_delete=1, tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into users_search (rowid, name, email) select id, first_name || ' ' || last_name, email from users`.execute(
    db,
  );
  await sql`create trigger users_search_insert after insert on users begin
    insert into users_search (rowid, name, email) values (new.id, new.first_name || ' ' || new.last_name, new.email);
  end`.execute(db);
  await sql`create trigger users_search_update after update of first_name, last_name, email on users begin
    delete from users_search where rowid = old.id;
    insert into users_search (rowid, name, email) values (new.id, new.first_name || ' ' || new.last_name, new.email);
  end`.execute(db);
  await sql`create trigger users_search_delete after delete on users begin
    delete from users_search where rowid = old.id;
  end`.execute(db);
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped
const installedIn = async (db: Kysely<any>): Promise<string | null> => {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema ?? null;
};

/**
 * The schema pg_trgm is in, after creating it if it is missing, or null when it cannot be created. Each try runs
 * under a savepoint (the migrations run in one transaction), so a refusal leaves the rest of it intact; a refusal
 * because another migration created it meanwhile (two test schemas at once) finds it there when asked again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped
async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  const found = await installedIn(db);
  if (found !== null) return found;
  for (const statement of [
    sql`create extension if not exists pg_trgm schema public`,
    sql`create extension if not exists pg_trgm`,
  ]) {
    await sql`savepoint user_search_trgm`.execute(db);
    try {
      await statement.execute(db);
      await sql`release savepoint user_search_trgm`.execute(db);
      return await installedIn(db);
    } catch {
      await sql`rollback to savepoint user_search_trgm`.execute(db);
      const other = await installedIn(db);
      if (other !== null) return other;
    }
  }
  return null;
}
