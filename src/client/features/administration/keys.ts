import type { UserListFilters } from './Users/format';

const users = ['administration', 'users'] as const;

/** The query keys of the administration: /users and what its filters list. */
export const administrationKeys = {
  all: ['administration'] as const,
  users: {
    all: users,
    list: (filters: UserListFilters) => [...users, 'list', filters] as const,
    companies: [...users, 'companies'] as const,
    courses: [...users, 'courses'] as const,
  },
};
