import type SQLite from 'better-sqlite3';
import {
  Kysely,
  type KyselyConfig,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import type { Database } from './schema';

/**
 * Reads that skip Kysely's executor on SQLite. The calls every client makes every few seconds (the session behind
 * each request, the message poll) are prepared queries (db/prepared.ts); on SQLite each of them runs straight on
 * the connection whenever nobody holds it, and Kysely runs it otherwise. Kysely's executor turns each statement
 * into a chain of promises and turns of the microtask queue, and SQLite's locks cost each statement two or three
 * system calls: together they were most of what a hot call cost beyond HTTP (docs/performance.md, the platform's
 * own cost per call).
 *
 * - better-sqlite3 is synchronous, so a direct read has the connection to itself from start to end, as under
 *   Kysely's lock; while a query or a transaction holds the lock, a direct read does not run (the caller goes
 *   through Kysely and waits its turn), so it never reads what a transaction has not committed.
 * - The direct reads of one turn of the event loop share one read transaction: it begins with the first of them
 *   and ends when the turn does (`setImmediate`), or at once when Kysely takes the connection, before anything
 *   of Kysely's runs on it. So they read one snapshot no older than the turn, and a write always starts from a
 *   connection with no transaction open.
 */

/** One read transaction for the direct reads of one turn of the event loop. */
class SharedRead {
  private open = false;
  private readonly begin: SQLite.Statement;
  private readonly commit: SQLite.Statement;
  constructor(private readonly sqlite: SQLite.Database) {
    this.begin = sqlite.prepare('BEGIN');
    this.commit = sqlite.prepare('COMMIT');
  }
  join(): void {
    if (this.open) return;
    this.begin.run();
    this.open = true;
    setImmediate(() => this.end());
  }
  end(): void {
    if (!this.open) return;
    this.open = false;
    // Closed meanwhile (the database destroyed): closing ended the transaction.
    if (this.sqlite.open && this.sqlite.inTransaction) this.commit.run();
  }
}

/** Kysely's SQLite driver, telling whether its one connection is taken (a query or a transaction under way). */
class SqliteDriverWithHolder extends SqliteDriver {
  taken = false;
  constructor(
    config: SqliteDialectConfig,
    private readonly shared: SharedRead,
  ) {
    super(config);
  }
  override async acquireConnection() {
    const connection = await super.acquireConnection();
    this.shared.end();
    this.taken = true;
    return connection;
  }
  override async releaseConnection() {
    this.taken = false;
    await super.releaseConnection();
  }
}

class SqliteDialectOf extends SqliteDialect {
  constructor(
    private readonly driver: SqliteDriver,
    config: SqliteDialectConfig,
  ) {
    super(config);
  }
  override createDriver() {
    return this.driver;
  }
}

interface DirectConnection {
  driver: SqliteDriverWithHolder;
  sqlite: SQLite.Database;
  shared: SharedRead;
  onStatement: ((sql: string) => void) | undefined;
}

/** The SQLite databases made by createSqliteKysely, for directReader. */
const directConnections = new WeakMap<Kysely<Database>, DirectConnection>();

/** Kysely on one better-sqlite3 connection (`database`: the same, as Kysely's driver sees it), with direct reads. */
export function createSqliteKysely(
  sqlite: SQLite.Database,
  database: SqliteDatabase,
  options: Pick<KyselyConfig, 'log'> & { onStatement: ((sql: string) => void) | undefined },
): Kysely<Database> {
  const shared = new SharedRead(sqlite);
  const driver = new SqliteDriverWithHolder({ database }, shared);
  const db = new Kysely<Database>({
    dialect: new SqliteDialectOf(driver, { database }),
    ...(options.log ? { log: options.log } : {}),
  });
  directConnections.set(db, { driver, sqlite, shared, onStatement: options.onStatement });
  return db;
}

/** A compiled read run straight on SQLite's connection: its rows, or null when Kysely must run it instead. */
export type DirectReader<Row> = (parameters: readonly unknown[]) => Row[] | null;

/**
 * The direct reader of a compiled read: a statement prepared once on the connection; null where there can be none
 * (PostgreSQL, a transaction's handle, a statement that writes). The reader answers null while the connection is
 * taken. Rows come from SQLite as arrays and get their column names here, cheaper than better-sqlite3's objects.
 */
export function directReader<Row>(db: Kysely<Database>, text: string): DirectReader<Row> | null {
  const direct = directConnections.get(db);
  if (!direct) return null;
  const statement = direct.sqlite.prepare(text);
  if (!statement.reader) return null;
  statement.raw(true);
  const names = statement.columns().map((column) => column.name);
  const { driver, shared, onStatement } = direct;
  return (parameters) => {
    if (driver.taken) return null;
    shared.join();
    onStatement?.(text);
    const rows = statement.all(parameters) as unknown[][];
    const objects = new Array<Row>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const values = rows[r] as unknown[];
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
      objects[r] = row as Row;
    }
    return objects;
  };
}
