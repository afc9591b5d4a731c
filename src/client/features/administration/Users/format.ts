import {
  type UserListSortKey,
  type UserStatusKey,
  userListSearchMax,
  userListSorts,
  userStatuses,
} from '../../../../shared/domain/administration/users';
import { UserType } from '../../../../shared/domain/roles';

/** What /users shows; kept in the address, so a filtered page can be linked and survives going back. */
export interface UserListFilters {
  search: string;
  userType: number | null;
  companyId: number | null;
  courseId: number | null;
  status: UserStatusKey | null;
  page: number;
  sort: UserListSortKey;
  desc: boolean;
}

export const defaultFilters: UserListFilters = {
  search: '',
  userType: null,
  companyId: null,
  courseId: null,
  status: null,
  page: 1,
  sort: 'name',
  desc: false,
};

/** The user types the filter offers, with their text keys. */
export const userTypeOptions = [
  { type: UserType.student, key: 'student' },
  { type: UserType.coach, key: 'coach' },
  { type: UserType.admin, key: 'admin' },
] as const;

const positiveInt = (value: string | null, max = 2_147_483_647) => {
  const n = Number(value);
  return value !== null && value !== '' && Number.isInteger(n) && n >= 1 && n <= max ? n : null;
};

/** The filters the address names (`?q=ann&type=1&status=locked&page=2&sort=email&desc=1`); anything else: default. */
export function filtersFromSearch(search: URLSearchParams): UserListFilters {
  const status = search.get('status');
  const sort = search.get('sort');
  return {
    search: (search.get('q') ?? '').trim().slice(0, userListSearchMax),
    userType: positiveInt(search.get('type'), 99),
    companyId: positiveInt(search.get('company')),
    courseId: positiveInt(search.get('course')),
    status: userStatuses.includes(status as UserStatusKey) ? (status as UserStatusKey) : null,
    page: positiveInt(search.get('page'), 1_000_000) ?? 1,
    sort: userListSorts.includes(sort as UserListSortKey) ? (sort as UserListSortKey) : 'name',
    desc: search.get('desc') === '1',
  };
}

/** The address's search part for the filters, leaving defaults out. */
export function searchFromFilters(filters: UserListFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.search !== '') search.set('q', filters.search);
  if (filters.userType !== null) search.set('type', String(filters.userType));
  if (filters.companyId !== null) search.set('company', String(filters.companyId));
  if (filters.courseId !== null) search.set('course', String(filters.courseId));
  if (filters.status !== null) search.set('status', filters.status);
  if (filters.page !== 1) search.set('page', String(filters.page));
  if (filters.sort !== 'name') search.set('sort', filters.sort);
  if (filters.desc) search.set('desc', '1');
  return search;
}

/** Whether any filter narrows the list (the search included). */
export const isFiltered = (filters: UserListFilters) =>
  filters.search !== '' ||
  filters.userType !== null ||
  filters.companyId !== null ||
  filters.courseId !== null ||
  filters.status !== null;

/** The filters as the calls take them (get_users, export_users). */
export const filtersData = (filters: UserListFilters) => ({
  Search: filters.search,
  UserType: filters.userType,
  CompanyId: filters.companyId,
  CourseId: filters.courseId,
  Status: filters.status ?? ('' as const),
});

export const fullName = (user: { FirstName: string; LastName: string }) => `${user.FirstName} ${user.LastName}`.trim();
