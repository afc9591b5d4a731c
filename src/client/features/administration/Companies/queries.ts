import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetails, SaveCompany } from '../../../../shared/contract/administration/companies';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { administrationKeys } from '../keys';

/** Rows per page of the list and of a company's users. */
export const COMPANIES_PER_PAGE = 25;
export const COMPANY_USERS_PER_PAGE = 10;
/** Users the picker offers for a search. */
const PICKER_RESULTS = 20;

/** get_company_list: a page of the site's companies; the page shown stays while the next one loads. */
export const useCompanies = (search: string, page: number) =>
  useQuery({
    queryKey: administrationKeys.companies.list(search, page),
    queryFn: () => call('companies.php', 'get_company_list', { Search: search, Page: page, Limit: COMPANIES_PER_PAGE }),
    placeholderData: keepPreviousData,
    retry: 1,
  });

/** get_company: a company and a page of its users. */
export const useCompany = (companyId: number, search: string, page: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: administrationKeys.companies.users(companyId, search, page),
    queryFn: () =>
      call('companies.php', 'get_company', {
        Id: companyId,
        Search: search,
        Page: page,
        Limit: COMPANY_USERS_PER_PAGE,
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });

/** The user picker: the site's users found by users.php get_users (name or address). */
export const usePickerUsers = (search: string) =>
  useQuery({
    queryKey: administrationKeys.companies.picker(search),
    queryFn: async () => (await call('users.php', 'get_users', { Search: search, Limit: PICKER_RESULTS })).data,
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });

/**
 * After a change: the companies (list, details, picker) and the user list (its company column and filter) are
 * fetched again; the signed-in user's own company name in the top bar's badge follows at once.
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  const session = useSession();
  return (change: { company?: CompanyDetails; previousName?: string; userIds?: number[]; removed?: boolean }) => {
    void queryClient.invalidateQueries({ queryKey: administrationKeys.companies.all });
    void queryClient.invalidateQueries({ queryKey: administrationKeys.users.all });
    const me = session.user;
    if (!me || !change.company) return;
    if (change.userIds?.includes(me.Id)) {
      session.updateUser({ CompanyName: change.removed ? null : change.company.Name });
    } else if (change.previousName !== undefined && me.CompanyName === change.previousName) {
      session.updateUser({ CompanyName: change.company.Name });
    }
  };
}

/** save_company: creates (no id) or changes a company. */
export function useSaveCompany() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (data: SaveCompany & { previousName?: string }) => {
      const { previousName: _previous, ...values } = data;
      return call('companies.php', 'save_company', values);
    },
    onSuccess: (answer, data) =>
      after({ company: answer.data, ...(data.previousName ? { previousName: data.previousName } : {}) }),
  });
}

export function useDeleteCompany() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (companyId: number) => call('companies.php', 'delete_company', { Id: companyId }),
    onSuccess: () => after({}),
  });
}

export function useAddCompanyUsers(companyId: number) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      call('companies.php', 'add_company_users', { CompanyId: companyId, UserIds: userIds }),
    onSuccess: (answer, userIds) => after({ company: answer.data, userIds }),
  });
}

export function useRemoveCompanyUser(companyId: number) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (userId: number) =>
      call('companies.php', 'remove_company_user', { CompanyId: companyId, UserId: userId }),
    onSuccess: (answer, userId) => after({ company: answer.data, userIds: [userId], removed: true }),
  });
}
