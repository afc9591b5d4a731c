import type { UserListFilters } from './Users/format';

const users = ['administration', 'users'] as const;
const companies = ['administration', 'companies'] as const;

/** The query keys of the administration: /users, what its filters list, one user's page, and /admin/companies. */
export const administrationKeys = {
  all: ['administration'] as const,
  /** The site's plan and what it uses of it (/users). */
  planUsage: ['administration', 'plan-usage'] as const,
  users: {
    all: users,
    list: (filters: UserListFilters) => [...users, 'list', filters] as const,
    companies: [...users, 'companies'] as const,
    courses: [...users, 'courses'] as const,
  },
  /** One user's page (/user/:id) and her older history. */
  user: (id: number) => [...users, 'user', id] as const,
  userHistory: (id: number, page: number) => [...users, 'user', id, 'history', page] as const,
  /** Her view-as log, a page at a time. */
  viewAsLog: (id: number, page: number) => [...users, 'user', id, 'viewAs', page] as const,
  /** /admin/companies: the list, a company with a page of its users, and the user picker's searches. */
  companies: {
    all: companies,
    list: (search: string, page: number) => [...companies, 'list', search, page] as const,
    detail: (companyId: number) => [...companies, 'detail', companyId] as const,
    users: (companyId: number, search: string, page: number) =>
      [...companies, 'detail', companyId, 'users', search, page] as const,
    picker: (search: string) => [...companies, 'picker', search] as const,
  },
};
