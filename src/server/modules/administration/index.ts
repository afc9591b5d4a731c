/**
 * The administration module: the running of a school. The user list of /users (`users.php`) and the companies of
 * /admin/companies (`companies.php`), and "view as this user" (`view_as.php`). Other modules import only this.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { companiesHandlers } from './api/companies';
import { usersHandlers } from './api/users';
import { userTransferHandlers } from './api/userTransfer';
import { viewAsHandlers } from './api/viewAs';

export const handlers = {
  'users.php': usersHandlers,
  'user_transfer.php': userTransferHandlers,
  'companies.php': companiesHandlers,
  'view_as.php': viewAsHandlers,
} satisfies ModuleHandlers;

export { endViewAsOnSignOut } from './services/viewAs';
