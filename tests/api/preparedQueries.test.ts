import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSessionUser } from '../../src/server/modules/identity';
import { createSession } from '../../src/server/modules/identity/services/sessions';
import { createDatabase, type Db, migrate, now } from '../../src/server/platform/db';
import { prepare } from '../../src/server/platform/db/prepared';
import { createSite, createUser } from '../factories';
import { createTestDatabase, type TestDatabase, testDialects } from '../support/databases';

const dialects = await testDialects();

/** A prepared read with a value, a constant of the SQL, nulls and numbers in its rows. */
const usersOfSite = prepare({ siteId: true }, (db, values: { siteId: number }) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'user_file_id', 'total_xp', 'company_id'])
    .where('site_id', '=', values.siteId)
    .where('collect_xp', '=', 1)
    .orderBy('id'),
);

/**
 * The prepared queries of platform/db/prepared.ts, which every signed-in call and every message poll runs. On
 * SQLite a read runs straight on the connection when nobody holds it (platform/db/index.ts `directReader`):
 * these tests hold that it answers what Kysely answers and never reads inside someone else's transaction.
 */
describe.each(dialects)('prepared queries on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let site: { id: number; name: string };
  let user: { id: number; email: string };
  let token: string;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = createDatabase({
      url: database.url,
      ...(database.schema ? { schema: database.schema } : {}),
      onStatement: (sql) => statements.push(sql),
    });
    await migrate(db);
    site = await createSite(db);
    user = await createUser(db, { site });
    await createUser(db, { site });
    token = await createSession(db, { siteId: site.id, userId: user.id });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('answers the rows Kysely answers, column for column, and each run is one statement', async () => {
    const expected = await db
      .selectFrom('users')
      .select(['id', 'email', 'user_file_id', 'total_xp', 'company_id'])
      .where('site_id', '=', site.id)
      .where('collect_xp', '=', 1)
      .orderBy('id')
      .execute();
    expect(expected).toHaveLength(2);
    statements.length = 0;
    expect(await usersOfSite.run(db, { siteId: site.id }, undefined)).toEqual(expected);
    expect(await usersOfSite.run(db, { siteId: -1 }, undefined)).toEqual([]);
    expect(statements).toHaveLength(2);
  });

  it('reads what was written since: by a transaction right after it, by another connection a turn later', async () => {
    const xpOf = async () =>
      (await usersOfSite.run(db, { siteId: site.id }, undefined)).find((row) => row.id === user.id)?.total_xp;
    const setXp = (on: Db, xp: number) =>
      on.updateTable('users').set({ total_xp: xp }).where('id', '=', user.id).execute();

    // On SQLite the reads of one turn of the event loop share a read transaction; a transaction still begins.
    expect(await xpOf()).toBe(0);
    await db.transaction().execute((trx) => setXp(trx, 5));
    expect(await xpOf()).toBe(5);
    const other = createDatabase({ url: database.url, ...(database.schema ? { schema: database.schema } : {}) });
    await setXp(other, 6);
    await other.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await xpOf()).toBe(6);
  });

  it('a lookup made while a transaction holds the database waits for it and never reads what it rolls back', async () => {
    let lookup: Promise<unknown> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', user.id).execute();
        // Another request asks for the session while the revocation is neither committed nor rolled back.
        lookup = findSessionUser(db, { siteId: site.id, token });
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await lookup).toMatchObject({ id: user.id, email: user.email });
  });

  it('a lookup made while a transaction is under way reads what is committed when it runs', async () => {
    const other = await createUser(db, { site });
    const otherToken = await createSession(db, { siteId: site.id, userId: other.id });
    let lookup: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      lookup = findSessionUser(db, { siteId: site.id, token: otherToken });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await trx.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', other.id).execute();
    });
    // SQLite's one connection is the transaction's until it ends: the lookup runs after the commit. PostgreSQL's
    // other connections read at once what was committed before the transaction.
    if (dialect === 'sqlite') expect(await lookup).toBeNull();
    else expect(await lookup).toMatchObject({ id: other.id });
  });

  // PostgreSQL only: SQLite keeps its compiled statements itself (db/index.ts).
  if (dialect === 'postgres') {
    it('on PostgreSQL a prepared query runs as a named statement, parsed once per connection', async () => {
      await usersOfSite.run(db, { siteId: site.id }, undefined);
      const named = await db.connection().execute(async (connection) => {
        // Run on this one connection (the text is named for the pool, whichever Kysely runs it through).
        expect((await usersOfSite.run(connection, { siteId: site.id }, undefined)).length).toBeGreaterThan(1);
        expect((await usersOfSite.run(connection, { siteId: site.id }, undefined)).length).toBeGreaterThan(1);
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
          connection,
        );
        return rows.map((row) => row.statement);
      });
      // This query's text alone filters on the column (the session lookup, prepared too, only reads it).
      expect(named.filter((text) => text.includes('"collect_xp" = $'))).toHaveLength(1);
    });
  }
});
