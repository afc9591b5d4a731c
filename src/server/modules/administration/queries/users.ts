import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { UserListSortKey, UserStatusKey } from '../../../../shared/domain/administration/users';
import { MAX_TEMPORARY_LOCKS } from '../../../../shared/domain/identity/accounts';
import { type Db, isPostgres } from '../../../platform/db';
import type { Database } from '../../../platform/db/schema';
import { containsPattern } from '../../../platform/db/search';

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

/** The ids of the site's users who are locked: by an administrator, or until a reset. */
const lockedUserIds = (db: Db, siteId: number) =>
  db
    .selectFrom('users')
    .select('users.id')
    .where('users.site_id', '=', siteId)
    .where('users.locked_at', 'is not', null)
    .union(
      db
        .selectFrom('users')
        .select('users.id')
        .where('users.site_id', '=', siteId)
        .where('users.email', 'in', lockedEmails(db, siteId)),
    );

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

/** Matches of a search up to which a page reads them all and sorts them (`walksSortIndex`). */
export const SEARCH_SORTED_MAX = 5_000;

/**
 * Whether a page of `total` users from `offset` is found sooner by walking its sort's index (migration 0026) than by
 * reading what the filters keep and sorting it. Walking fetches rows one by one in order, about (offset + limit) ×
 * users ÷ total of them, each some four times the cost of a row read in a pass (100,000 users on SQLite: 29 ms
 * walked, 8 ms read through, before the sort of what is kept, 0.5 µs a row): so it wins at least while the page's
 * end lies within a quarter of what the filters keep, whatever the site's size. That holds while what is kept is
 * spread along the order; a search's matches are not (names alike sort alike, and come in together), so a search
 * of up to SEARCH_SORTED_MAX matches reads them all, from its trigram index, and sorts them (a few milliseconds)
 * rather than risk walking most of the site to reach them. The sort by type has no index of its own.
 */
export function walksSortIndex(
  total: number,
  filters: Pick<UserFilters, 'search'>,
  page: { sort: UserListSortKey; offset: number; limit: number },
): boolean {
  if (page.sort === 'type') return false;
  if (searchesTrigrams(filters)) return total > SEARCH_SORTED_MAX;
  return total >= 4 * (page.offset + page.limit);
}

/**
 * Whether a page reads what the filters keep and sorts it rather than walk its sort's index (`walk`, above). SQLite
 * keeps no statistics to choose for itself: `+site_id` keeps it off every index of `users` that begins with the
 * site, and a filter or a sort no index serves reads the table through anyway. PostgreSQL's planner chooses by its
 * statistics, which cannot see where a search's matches lie along an order: only a search is fenced off for it
 * (`fencedSearch`).
 */
const readsThrough = (db: Db, filters: UserFilters, sort: UserListSortKey, walk: boolean) =>
  !walk &&
  (isPostgres(db)
    ? searchesTrigrams(filters)
    : searchesTrigrams(filters) || hasFilters(filters) || (sort !== 'name' && sort !== 'email'));

/** Whether a search is long enough for the trigram indexes of migration 0025 (a trigram needs three characters). */
const searchesTrigrams = (filters: Pick<UserFilters, 'search'>) => [...filters.search].length >= TRIGRAM;

/**
 * A search's matches on PostgreSQL as a set computed once, before the rest of the statement is planned
 * (`= any(array(…))`, an init plan): the page then sorts them, found through the trigram indexes of migration 0025,
 * and the planner cannot choose to walk a sort's index in hope of meeting them early.
 */
const fencedSearch = (db: Db, siteId: number, matches: RawBuilder<boolean>) =>
  sql<number>`any(array(${db
    .selectFrom('users')
    .select('users.id')
    .where('users.site_id', '=', siteId)
    .where(matches)}))`;

/** The conditions of the list: the site always, then each filter given. */
function filtered<O>(db: Db, query: SelectQueryBuilder<Database, 'users', O>, filters: UserFilters, through = false) {
  let q =
    through && !isPostgres(db)
      ? query.where(sql<number>`+users.site_id`, '=', filters.siteId)
      : query.where('users.site_id', '=', filters.siteId);
  if (filters.search !== '') {
    const pattern = containsPattern(filters.search);
    const name = comparable(db, filters.search, sql<string>`users.first_name || ' ' || users.last_name`);
    const email = comparable(db, filters.search, sql<string>`users.email`);
    const matches = sql<boolean>`(${name} like ${pattern} escape '\\' or ${email} like ${pattern} escape '\\')`;
    q =
      through && isPostgres(db)
        ? q.where('users.id', '=', fencedSearch(db, filters.siteId, matches))
        : q.where(matches);
  }
  if (!isPostgres(db) && searchesTrigrams(filters)) {
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
    // The few locked, found from both kinds of lock (the partial index of administrators' locks, the addresses
    // locked until a reset) rather than by looking at every user: an `or` of the two read all of them.
    q = q.where('users.id', 'in', lockedUserIds(db, filters.siteId));
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
  page: { sort: UserListSortKey; desc: boolean; limit: number; offset: number; walk?: boolean },
) {
  const through = readsThrough(db, filters, page.sort, page.walk ?? false);
  return listed(sorted(filtered(db, db.selectFrom('users'), filters, through), page.sort, page.desc), filters.siteId)
    .limit(page.limit)
    .offset(page.offset);
}

/** One page of the list, with each user's company. */
export const userPage = (db: Db, filters: UserFilters, page: Parameters<typeof userPageQuery>[2]) =>
  userPageQuery(db, filters, page).execute();

/**
 * How many users the filters find, counted up to `cap` (a count of more reads no further): a list of 97,800 users
 * does not need them counted on every page to be paged, and a count of 10,000 at most costs a millisecond or two
 * on any site.
 */
export async function countUsers(db: Db, filters: UserFilters, cap: number): Promise<number> {
  const kept = filtered(db, db.selectFrom('users'), filters, !isPostgres(db) && searchesTrigrams(filters))
    .select('users.id')
    .limit(cap);
  const row = await db
    .selectFrom(kept.as('kept'))
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
    // On SQLite along the table itself (its ids are its rowids), from where the last batch ended.
    filtered(db, db.selectFrom('users'), filters, !isPostgres(db)).where('users.id', '>', afterId).orderBy('users.id'),
    filters.siteId,
  )
    .limit(limit)
    .execute();
