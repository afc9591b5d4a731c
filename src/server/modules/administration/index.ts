/**
 * The administration module: the running of a school. The user list of /users (`users.php`) and the companies of
 * /admin/companies (`companies.php`). Other modules import only this.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { companiesHandlers } from './api/companies';
import { usersHandlers } from './api/users';

export const handlers = {
  'users.php': usersHandlers,
  'companies.php': companiesHandlers,
} satisfies ModuleHandlers;
