import { sql } from 'kysely';
import type { Db } from '../../../platform/db';
import { lockedForUpdate } from '../../../platform/db';
import { containsPattern } from '../../../platform/db/search';

/** The columns of a company as its presenter reads them, with its number of users. */
const companyColumns = (db: Db) =>
  db
    .selectFrom('companies')
    .select([
      'companies.id',
      'companies.name',
      'companies.seats',
      'companies.contact_name',
      'companies.contact_email',
      'companies.contact_phone',
      'companies.org_number',
      'companies.notes',
      'companies.created_at',
      'companies.updated_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('users')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('users.site_id', '=', 'companies.site_id')
        .whereRef('users.company_id', '=', 'companies.id')
        .as('user_count'),
    );

/** The site's companies whose name or contact address contains the search (names are matched by `name_key`). */
function searched(db: Db, siteId: number, search: string) {
  let query = db.selectFrom('companies').where('companies.site_id', '=', siteId);
  if (search !== '') {
    const pattern = containsPattern(search);
    query = query.where(({ or }) =>
      or([
        sql<boolean>`companies.name_key like ${pattern} escape '\\'`,
        sql<boolean>`companies.contact_email like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

export async function countCompanies(db: Db, siteId: number, search: string): Promise<number> {
  const row = await searched(db, siteId, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the site's companies by name. */
export async function companyPage(
  db: Db,
  opts: { siteId: number; search: string; limit: number; offset: number },
): Promise<CompanyRecord[]> {
  const ids = searched(db, opts.siteId, opts.search).select('companies.id');
  const rows = await companyColumns(db)
    .where('companies.site_id', '=', opts.siteId)
    .where('companies.id', 'in', ids)
    .orderBy('companies.name_key')
    .orderBy('companies.id')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  return rows.map(counted);
}

export type CompanyRecord = Omit<
  Awaited<ReturnType<ReturnType<typeof companyColumns>['executeTakeFirstOrThrow']>>,
  'user_count'
> & {
  user_count: number;
};

const counted = <R extends { user_count: number | string | null }>(row: R) => ({
  ...row,
  user_count: Number(row.user_count ?? 0),
});

/** A company of the site with its number of users, or undefined. */
export async function findCompany(db: Db, siteId: number, companyId: number): Promise<CompanyRecord | undefined> {
  const row = await companyColumns(db)
    .where('companies.site_id', '=', siteId)
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
  return row && counted(row);
}

/**
 * Locks a company of the site for the rest of the transaction (PostgreSQL; SQLite runs one transaction at a time),
 * so that its seats and its users are checked and changed by one transaction after another. Undefined: no such
 * company in the site.
 */
export async function lockCompany(db: Db, siteId: number, companyId: number) {
  return lockedForUpdate(
    db,
    db.selectFrom('companies').select(['id', 'seats']).where('site_id', '=', siteId).where('id', '=', companyId),
  ).executeTakeFirst();
}

/** The number of users of a company. */
export async function usersInCompany(db: Db, siteId: number, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Another company of the site with this name key, if any. */
export async function companyNamed(db: Db, siteId: number, nameKey: string, exceptId: number | null) {
  let query = db.selectFrom('companies').select('id').where('site_id', '=', siteId).where('name_key', '=', nameKey);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

/** The users of a company: searched by name or address, by name, one page of them. */
function companyUsersQuery(db: Db, siteId: number, companyId: number, search: string) {
  let query = db.selectFrom('users').where('users.site_id', '=', siteId).where('users.company_id', '=', companyId);
  if (search !== '') {
    const pattern = containsPattern(search);
    query = query.where(({ or }) =>
      or([
        sql<boolean>`lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(users.email) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

export async function companyUsers(
  db: Db,
  opts: { siteId: number; companyId: number; search: string; limit: number; offset: number },
) {
  const query = companyUsersQuery(db, opts.siteId, opts.companyId, opts.search);
  const [rows, count] = await Promise.all([
    query
      .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'users.user_type'])
      .orderBy(sql`lower(users.first_name)`)
      .orderBy(sql`lower(users.last_name)`)
      .orderBy('users.id')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Whether a database error is a foreign key refusing a change (SQLite and PostgreSQL). */
export const isForeignKeyViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};
