import type { UserListFilters } from './Users/format';

const users = ['administration', 'users'] as const;

/** The query keys of the administration: /users, what its filters list, and one user's page. */
export const administrationKeys = {
  all: ['administration'] as const,
  users: {
    all: users,
    list: (filters: UserListFilters) => [...users, 'list', filters] as const,
    companies: [...users, 'companies'] as const,
    courses: [...users, 'courses'] as const,
  },
  /** One user's page (/user/:id) and her older history. */
  user: (id: number) => [...users, 'user', id] as const,
  userHistory: (id: number, page: number) => [...users, 'user', id, 'history', page] as const,
};
