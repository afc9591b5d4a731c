import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api';
import { administrationKeys } from '../keys';
import { filtersData, type UserListFilters } from './format';

/** Rows per page of /users. */
export const USERS_PER_PAGE = 25;

/** get_users: one page of the site's users; the page shown stays while the next one loads (typing, paging). */
export function useUsers(filters: UserListFilters) {
  return useQuery({
    queryKey: administrationKeys.users.list(filters),
    queryFn: () =>
      call('users.php', 'get_users', {
        ...filtersData(filters),
        Page: filters.page,
        Limit: USERS_PER_PAGE,
        Sort: filters.sort,
        Desc: filters.desc,
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** The site's companies, for the filter. */
export function useCompanyOptions() {
  return useQuery({
    queryKey: administrationKeys.users.companies,
    queryFn: async () => (await call('users.php', 'get_companies', {})).data,
    staleTime: 5 * 60_000,
  });
}

/** The site's courses as /Courses lists them (archived ones too: their learners still hold access), for the filter. */
export function useCourseOptions() {
  return useQuery({
    queryKey: administrationKeys.users.courses,
    queryFn: async () => (await call('course_manager.php', 'get_courses', {})).data,
    staleTime: 5 * 60_000,
  });
}
