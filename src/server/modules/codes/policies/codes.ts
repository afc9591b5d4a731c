import { action, isStaff } from '../../../platform/authorize';

export const codeActions = {
  /** Staff list, generate, deactivate and export the codes of their site, and see who redeemed them. */
  manage: action('Only staff manage registration codes', (user) => isStaff(user)),
};
