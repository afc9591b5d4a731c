/** The identity module: sign-in, registration, passwords, sessions and the profile. Other modules import only this. */
import type { ModuleHandlers } from '../../platform/handlers';
import { authHandlers } from './api/auth';
import { loginHandlers } from './api/login';
import { passwordHandlers } from './api/password';
import { profileHandlers } from './api/profile';
import { registerHandlers } from './api/register';
import { uploadFileLimit, uploadHandlers } from './api/upload';

export const handlers = {
  'auth.php': authHandlers,
  'login.php': loginHandlers,
  'register.php': registerHandlers,
  'password.php': passwordHandlers,
  'profile.php': profileHandlers,
  'ajaxUpload.php': uploadHandlers,
} satisfies ModuleHandlers;

/** The largest file of each upload endpoint of this module, by its fields and caller (platform/dispatcher.ts). */
export const uploadLimits = { 'ajaxUpload.php': uploadFileLimit };

export { pruneCounters, startHousekeeping } from './services/housekeeping';
export {
  type AccountFields,
  createInvitedAccount,
  INVITATION_VALID_DAYS,
  lockAccount,
  mailStaffPasswordReset,
  unlockAccount,
  updateAccount,
} from './services/managedAccounts';
export { hashPassword } from './services/passwords';
export {
  afterSignOut,
  createViewAsSession,
  findSessionUser,
  revokeAllSessions,
  revokeSessionsById,
} from './services/sessions';
export { createSiteAdministrator, hashChosenPassword } from './services/siteAdministrator';
