import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Db, isPostgres } from './index';

/** A text as a LIKE pattern that matches it literally anywhere, in lower case (with `escape '\'`). */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Rows where any of the given text expressions holds the search, in any case: PostgreSQL's lower() folds every
 * script, SQLite's only ASCII, so there the database's `unicode_lower` (db/index.ts) does.
 */
export function containsText(db: Db, expressions: RawBuilder<unknown>[], search: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(search);
  const lower = isPostgres(db) ? sql.raw('lower') : sql.raw('unicode_lower');
  return sql<SqlBool>`(${sql.join(
    expressions.map((expression) => sql`${lower}(${expression}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}
