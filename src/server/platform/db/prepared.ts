import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';
import { type DirectReader, directReader } from './direct';
import type { Db } from './index';
import { nameStatement } from './named';

/**
 * A query Kysely builds and compiles once per database (each dialect compiles its own SQL) and per shape; each run
 * binds only its values. Building a query in Kysely (immutable nodes, then compiling them to SQL) costs tens of
 * microseconds, more than SQLite takes to run a hot call's indexed lookup (docs/performance.md): the calls every
 * client makes every few seconds (the session behind each request, the message poll) are prepared.
 *
 * `build` is called with stand-ins for the values, symbols no real value can equal, so each compiled parameter is
 * known to be either one of the values or a constant of the SQL (`removed_by_sender = 0`). The SQL is the one
 * Kysely builds from real values; only the shape (which `shapeKey` names) may change which SQL that is, never a
 * value. On SQLite a read runs straight on the connection whenever nobody holds it (db/direct.ts); on PostgreSQL
 * it runs as a named statement, parsed once per connection (db/named.ts).
 */
export interface PreparedQuery<V, Row, S> {
  run(db: Db, values: V, shape: S): Promise<Row[]>;
}

type Slot<V> = { value: keyof V } | { constant: unknown };

interface Compiled<V, Row> {
  compiled: CompiledQuery<Row>;
  slots: Slot<V>[];
  /** The same statement straight on SQLite's connection, where it can be (db/index.ts). */
  direct: DirectReader<Row> | null;
}

export function prepare<V extends object, Row, S = undefined>(
  /** Every value's name: the compiler makes sure none is left out. */
  valueNames: { [K in keyof V]-?: true },
  build: (db: Db, values: V, shape: S) => Compilable<Row>,
  shapeKey: (shape: S) => string = () => '',
): PreparedQuery<V, Row, S> {
  const names = Object.keys(valueNames) as (keyof V)[];
  const standIns = Object.fromEntries(names.map((name) => [name, Symbol(String(name))])) as unknown as V;
  const byDb = new WeakMap<Db, Map<string, Compiled<V, Row>>>();

  const compile = (db: Db, shape: S): Compiled<V, Row> => {
    const compiled = build(db, standIns, shape).compile();
    const slots = compiled.parameters.map((parameter): Slot<V> => {
      const value = names.find((name) => standIns[name] === parameter);
      return value === undefined ? { constant: parameter } : { value };
    });
    nameStatement(db, compiled.sql);
    return { compiled, slots, direct: directReader<Row>(db, compiled.sql) };
  };

  return {
    async run(db, values, shape) {
      let shapes = byDb.get(db);
      if (!shapes) {
        shapes = new Map();
        byDb.set(db, shapes);
      }
      const key = shapeKey(shape);
      let query = shapes.get(key);
      if (!query) {
        query = compile(db, shape);
        shapes.set(key, query);
      }
      const { slots } = query;
      const parameters = new Array<unknown>(slots.length);
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i] as Slot<V>;
        parameters[i] = 'value' in slot ? values[slot.value] : slot.constant;
      }
      const direct = query.direct?.(parameters);
      if (direct) return direct;
      const { rows } = await db.executeQuery<Row>({ ...query.compiled, parameters, queryId: createQueryId() });
      return rows;
    },
  };
}
