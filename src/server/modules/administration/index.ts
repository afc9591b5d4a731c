/**
 * The administration module: the running of a school. The user list of /users (`users.php`) and the companies of
 * /admin/companies (`companies.php`). Other modules import only this.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { companiesHandlers } from './api/companies';
import { usersHandlers } from './api/users';
import { userTransferHandlers } from './api/userTransfer';

export const handlers = {
  'users.php': usersHandlers,
  'user_transfer.php': userTransferHandlers,
  'companies.php': companiesHandlers,
} satisfies ModuleHandlers;
