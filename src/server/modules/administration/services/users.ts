import { USER_COUNT_CAP, type UserListSortKey } from '../../../../shared/domain/administration/users';
import { type Actor, authorize } from '../../../platform/authorize';
import type { Db } from '../../../platform/db';
import { userActions } from '../policies/users';
import type { UserListRow } from '../presenters/users';
import { countUsers, lockedAmong, type UserFilters, userPage, walksSortIndex } from '../queries/users';

/** The most companies the filter lists. */
export const COMPANY_OPTIONS_LIMIT = 1_000;

export interface UserListPage {
  rows: UserListRow[];
  page: number;
  totalPages: number;
  /** Counted up to USER_COUNT_CAP. */
  total: number;
  /** More users than `total` match. */
  more: boolean;
}

type ListedUser = Omit<UserListRow, 'locked'> & { locked_at: string | null };

/**
 * Whether each of these listed users is locked: by an administrator, or by failed sign-ins until she resets her
 * password (one statement for all of them).
 */
export async function lockTest(db: Db, siteId: number, rows: readonly ListedUser[]) {
  const locked = await lockedAmong(
    db,
    siteId,
    rows.map((row) => row.email),
  );
  return (row: ListedUser): boolean => row.locked_at !== null || locked.has(row.email);
}

/** Listed users with whether each is locked. */
async function withLocks<R extends ListedUser>(db: Db, siteId: number, rows: readonly R[]) {
  const isLocked = await lockTest(db, siteId, rows);
  return rows.map((row): R & { locked: boolean } => ({ ...row, locked: isLocked(row) }));
}

/**
 * get_users: one page of the site's users, searched, filtered and sorted in the database. A page past the end is
 * empty, with the total that says so.
 */
export async function listUsers(
  db: Db,
  opts: {
    user: Actor;
    filters: UserFilters;
    sort: UserListSortKey;
    desc: boolean;
    page: number;
    limit: number;
  },
): Promise<UserListPage> {
  authorize(opts.user, userActions.list, undefined);
  // The count first (one more than the cap tells there are more): how much of the site the filters keep tells how to
  // read the page (walksSortIndex).
  const counted = await countUsers(db, opts.filters, USER_COUNT_CAP + 1);
  const total = Math.min(counted, USER_COUNT_CAP);
  const page = { sort: opts.sort, desc: opts.desc, limit: opts.limit, offset: (opts.page - 1) * opts.limit };
  const rows =
    total === 0 ? [] : await userPage(db, opts.filters, { ...page, walk: walksSortIndex(counted, opts.filters, page) });
  return {
    rows: await withLocks(db, opts.filters.siteId, rows),
    page: opts.page,
    totalPages: Math.ceil(total / opts.limit),
    total,
    more: counted > USER_COUNT_CAP,
  };
}

/** get_companies: the site's companies by name. */
export async function listCompanies(db: Db, opts: { user: Actor; siteId: number }) {
  authorize(opts.user, userActions.list, undefined);
  return db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('site_id', '=', opts.siteId)
    .orderBy('name')
    .orderBy('id')
    .limit(COMPANY_OPTIONS_LIMIT)
    .execute();
}
