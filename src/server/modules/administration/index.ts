/**
 * The administration module: the running of a school. Its first part is the user list of /users. Other modules
 * import only this.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { usersHandlers } from './api/users';
import { userTransferHandlers } from './api/userTransfer';

export const handlers = {
  'users.php': usersHandlers,
  'user_transfer.php': userTransferHandlers,
} satisfies ModuleHandlers;
