import type pg from 'pg';

/**
 * Named statements for the prepared queries on PostgreSQL. Kysely sends every query as an unnamed statement, which
 * PostgreSQL parses and plans on every run: for the hot calls' queries (the session behind each request, the
 * course with the viewer's lists) that was more of the database's CPU than running them, on a machine where the
 * database shares the CPU with the server. The texts db/prepared.ts compiles are given a name here; the pool hands
 * Kysely clients that run those texts as named statements, which pg parses once per connection and PostgreSQL
 * plans once it has seen the statement a few times.
 */
export interface StatementNames {
  /** Names `text`, so that it runs as a named statement from now on. */
  name(text: string): void;
}

const namesByDb = new WeakMap<object, StatementNames>();

/** Where a database's prepared texts are named: its pool's, on PostgreSQL. */
export const setStatementNames = (db: object, names: StatementNames) => namesByDb.set(db, names);

/** Runs `text` as a named statement on this database from now on (nothing on SQLite, which keeps its own). */
export const nameStatement = (db: object, text: string) => namesByDb.get(db)?.name(text);

/** The pool Kysely's PostgreSQL dialect is given: `pool`, whose clients run named texts as named statements. */
export function namingPool(pool: pg.Pool): { pool: pg.Pool; names: StatementNames } {
  const names = new Map<string, string>();
  const clients = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const naming = (client: pg.PoolClient): pg.PoolClient => {
    let wrapped = clients.get(client);
    if (!wrapped) {
      wrapped = new Proxy(client, {
        get(target, property, receiver) {
          if (property !== 'query') return Reflect.get(target, property, receiver);
          return (text: unknown, values?: unknown[]) => {
            const name = typeof text === 'string' ? names.get(text) : undefined;
            return name
              ? target.query({ name, text: text as string, values })
              : (target.query as (t: unknown, v?: unknown[]) => unknown)(text, values);
          };
        },
      });
      clients.set(client, wrapped);
    }
    return wrapped;
  };
  const proxy = new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver);
      return async () => naming(await target.connect());
    },
  });
  return {
    pool: proxy,
    names: {
      name(text) {
        if (!names.has(text)) names.set(text, `q${names.size + 1}`);
      },
    },
  };
}
