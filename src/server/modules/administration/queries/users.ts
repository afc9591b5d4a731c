import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { UserListSortKey, UserStatusKey } from '../../../../shared/domain/administration/users';
import { MAX_TEMPORARY_LOCKS } from '../../../../shared/domain/identity/accounts';
import { type Db, isPostgres } from '../../../platform/db';
import type { Database } from '../../../platform/db/schema';

/** The site-wide row of `sign_in_attempts` (identity's signIn.ts), which never locks until a reset. */
const EVERY_SOURCE = '*';

export interface UserFilters {
  siteId: number;
  /** Trimmed; '' for none. */
  search: string;
  userType: number | null;
  companyId: number | null;
  courseId: number | null;
  status: UserStatusKey | null;
}

/** A text as a LIKE pattern that matches it literally anywhere, in lower case (`\` escapes `%`, `_` and itself). */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The shortest search SQLite's trigram index (users_search) can look up: one trigram. */
const TRIGRAM = 3;

/**
 * A search as an FTS5 phrase: its trigrams in a row, so the rows whose name or address holds it as a part, in any
 * case (the tokenizer folds every letter, Å and Ö too), and some more that the comparison after it drops. Inside
 * the quotes every character is literal (`%` and `_` too), a quote doubled.
 */
const trigramPhrase = (search: string) => `"${search.replace(/"/g, '""')}"`;

/**
 * The addresses locked until their owner resets the password: a source's third temporary lock in a row closes
 * sign-in from it (ACCOUNT_LOCKED) until a reset, which deletes every row of the address. The site-wide row (`*`)
 * only ever locks for 15 minutes, and temporary locks lapse by themselves: neither counts.
 */
const lockedEmails = (db: Db, siteId: number) =>
  db
    .selectFrom('sign_in_attempts')
    .select('sign_in_attempts.email')
    .where('sign_in_attempts.site_id', '=', siteId)
    .where('sign_in_attempts.source', '<>', EVERY_SOURCE)
    .where('sign_in_attempts.lock_count', '>=', MAX_TEMPORARY_LOCKS);

/**
 * A column as the search compares it. PostgreSQL's lower() folds every letter (as the database's collation does).
 * SQLite's LIKE ignores the case of ASCII letters by itself, but not of others (Å, Ö, É): a search with such
 * letters compares through the server's JavaScript `unicode_lower` (db/index.ts), slower, so only then. An ASCII
 * search needs no more: a letter outside ASCII never matches an ASCII one either way.
 */
function comparable(db: Db, search: string, column: RawBuilder<string>) {
  if (isPostgres(db)) return sql<string>`lower(${column})`;
  return /^[\x20-\x7e]*$/.test(search) ? column : sql<string>`unicode_lower(${column})`;
}

const hasFilters = (filters: UserFilters) =>
  filters.search !== '' ||
  filters.userType !== null ||
  filters.companyId !== null ||
  filters.courseId !== null ||
  filters.status !== null;

/**
 * Whether SQLite should read the table through rather than look the site's rows up through an index of `users`.
 * A filter or a sort no index serves reads every row of the site anyway, and rows fetched one by one through an
 * index cost three to ten times a plain pass (100,000 users: 8 ms against 83 ms for a sort by creation). SQLite keeps
 * no statistics to see that for itself; `+site_id` tells it. PostgreSQL's planner has them.
 */
const readsThrough = (db: Db, filters: UserFilters, sort: UserListSortKey | null) =>
  !isPostgres(db) && (hasFilters(filters) || (sort !== null && sort !== 'name' && sort !== 'email'));

/** The conditions of the list: the site always, then each filter given. */
function filtered<O>(
  db: Db,
  query: SelectQueryBuilder<Database, 'users', O>,
  filters: UserFilters,
  sort: UserListSortKey | null,
) {
  let q = readsThrough(db, filters, sort)
    ? query.where(sql<number>`+users.site_id`, '=', filters.siteId)
    : query.where('users.site_id', '=', filters.siteId);
  if (filters.search !== '') {
    const pattern = containsPattern(filters.search);
    const name = comparable(db, filters.search, sql<string>`users.first_name || ' ' || users.last_name`);
    const email = comparable(db, filters.search, sql<string>`users.email`);
    q = q.where(({ or }) =>
      or([sql<boolean>`${name} like ${pattern} escape '\\'`, sql<boolean>`${email} like ${pattern} escape '\\'`]),
    );
  }
  if (!isPostgres(db) && [...filters.search].length >= TRIGRAM) {
    // The candidates from the trigram index of migration 0025 (users_search), compared above as before.
    q = q.where(
      sql<number>`users.id`,
      'in',
      sql<number>`(select rowid from users_search where users_search match ${trigramPhrase(filters.search)})`,
    );
  }
  if (filters.userType !== null) q = q.where('users.user_type', '=', filters.userType);
  if (filters.companyId !== null) q = q.where('users.company_id', '=', filters.companyId);
  if (filters.courseId !== null) {
    const courseId = filters.courseId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('course_access')
          .select('course_access.id')
          .where('course_access.site_id', '=', filters.siteId)
          .whereRef('course_access.user_id', '=', 'users.id')
          .where('course_access.course_id', '=', courseId),
      ),
    );
  }
  if (filters.status === 'not_verified') q = q.where('users.email_verified_at', 'is', null);
  if (filters.status === 'locked') {
    q = q.where((eb) =>
      eb.or([eb('users.locked_at', 'is not', null), eb('users.email', 'in', lockedEmails(db, filters.siteId))]),
    );
  }
  if (filters.status === 'active') {
    q = q
      .where('users.email_verified_at', 'is not', null)
      .where('users.locked_at', 'is', null)
      .where('users.email', 'not in', lockedEmails(db, filters.siteId));
  }
  return q;
}

/** The order of each sort, with the id last so that equal rows keep one order from page to page. */
function sorted<O>(query: SelectQueryBuilder<Database, 'users', O>, sort: UserListSortKey, desc: boolean) {
  const dir = desc ? 'desc' : 'asc';
  const byName = (q: SelectQueryBuilder<Database, 'users', O>) =>
    q.orderBy(sql`lower(users.first_name)`, dir).orderBy(sql`lower(users.last_name)`, dir);
  let q = query;
  if (sort === 'name') q = byName(q);
  if (sort === 'email') q = q.orderBy('users.email', dir);
  if (sort === 'created') q = q.orderBy('users.created_at', dir);
  if (sort === 'type') q = byName(q.orderBy('users.user_type', dir));
  // Never seen counts as longest ago: first going up, last going down, alike on both databases.
  if (sort === 'last_seen')
    q = q.orderBy(sql`(users.last_seen_at is not null)`, dir).orderBy('users.last_seen_at', dir);
  return q.orderBy('users.id', dir);
}

/** Users with what the list shows of them: their company's name beside their own columns. */
export const listed = <O>(query: SelectQueryBuilder<Database, 'users', O>, siteId: number) =>
  query
    .leftJoin('companies', (join) =>
      join.onRef('companies.id', '=', 'users.company_id').on('companies.site_id', '=', siteId),
    )
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.user_type',
      'users.privilegies',
      'users.company_id',
      'companies.name as company_name',
      'users.email_verified_at',
      'users.created_at',
      'users.last_seen_at',
      'users.locked_at',
    ]);

/** One page of the list, with each user's company: the statement, for a test to read its plan. */
export function userPageQuery(
  db: Db,
  filters: UserFilters,
  page: { sort: UserListSortKey; desc: boolean; limit: number; offset: number },
) {
  return listed(sorted(filtered(db, db.selectFrom('users'), filters, page.sort), page.sort, page.desc), filters.siteId)
    .limit(page.limit)
    .offset(page.offset);
}

/** One page of the list, with each user's company. */
export const userPage = (db: Db, filters: UserFilters, page: Parameters<typeof userPageQuery>[2]) =>
  userPageQuery(db, filters, page).execute();

/** How many users the filters find. */
export async function countUsers(db: Db, filters: UserFilters): Promise<number> {
  const row = await filtered(db, db.selectFrom('users'), filters, null)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Which of these addresses are locked until a reset. */
export async function lockedAmong(db: Db, siteId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await lockedEmails(db, siteId).where('sign_in_attempts.email', 'in', emails).distinct().execute();
  return new Set(rows.map((row) => row.email));
}

/**
 * The next `limit` users the filters find after the user `afterId`, in the order they were created (their ids): an
 * export reads the whole list this way, each batch from where the last ended, whatever its length.
 */
export const usersAfter = (db: Db, filters: UserFilters, afterId: number, limit: number) =>
  listed(
    filtered(db, db.selectFrom('users'), filters, 'created').where('users.id', '>', afterId).orderBy('users.id'),
    filters.siteId,
  )
    .limit(limit)
    .execute();
