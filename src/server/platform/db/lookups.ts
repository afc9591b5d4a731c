import type { Selectable } from 'kysely';
import { AppError } from '../errors';
import type { Db } from './index';
import type { Database } from './schema';

/** The tables that belong to a site (they carry `site_id`). */
export type TenantTable = {
  [T in keyof Database]: Database[T] extends { site_id: number } ? T : never;
}[keyof Database];

/**
 * A row of one site by its id: the lookup every module makes, always with the site (tenants never see each
 * other's rows). Kysely cannot type a query over a table chosen by a type parameter, so the query is written for
 * one tenant table and its answer typed for the one asked for; the SQL is the same for every table.
 */
export async function findById<T extends TenantTable>(
  db: Db,
  table: T,
  siteId: number,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .selectFrom(table as 'courses')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/** `findById`, and NOT_FOUND with `message` when there is no such row in the site. */
export async function getById<T extends TenantTable>(
  db: Db,
  table: T,
  siteId: number,
  id: number,
  message: string,
): Promise<Selectable<Database[T]>> {
  const row = await findById(db, table, siteId, id);
  if (!row) throw new AppError('NOT_FOUND', message);
  return row;
}

/** Whether a row of that id exists in the site. */
export async function existsInSite(db: Db, table: TenantTable, siteId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom(table as 'courses')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a database error is a unique index refusing a row (SQLite and PostgreSQL): a name or key taken meanwhile. */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};
