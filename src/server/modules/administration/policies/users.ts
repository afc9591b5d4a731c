import { UserType } from '../../../../shared/domain/roles';
import { action, isAdmin, isStaff } from '../../../platform/authorize';

/** The user a rule is about: her id and type. */
export interface Target {
  id: number;
  user_type: number;
}

/** Staff accounts (types 2 and 8, whatever their privilegies) are run by administrators alone. */
const isStaffAccount = (target: Target) => target.user_type === UserType.admin || target.user_type === UserType.coach;

export const userActions = {
  /** Staff (types 2 and 8, privilegies above 50) see their site's users; the dispatcher's `staff` access says the same. */
  list: action('Only staff see the users of the site', (actor) => isStaff(actor)),
  /** Staff open every user's page of their site. */
  view: action('Only staff see a user of the site', (actor) => isStaff(actor)),
  /**
   * Editing an account, her courses, locks, sessions and resets: administrators for everyone; a coach for the
   * students and others who are no staff, so that a coach cannot take over an administrator's account (change
   * her address, then mail a reset).
   */
  manage: action<Target>(
    'Only administrators manage the accounts of staff',
    (actor, target) => isAdmin(actor) || (isStaff(actor) && !isStaffAccount(target)),
  ),
  /** Only administrators (type 2) give a type and privilegies. */
  changeRole: action('Only administrators may change the type and privilegies of a user', (actor) => isAdmin(actor)),
  /** Nobody locks herself out. */
  lock: action<Target>('You cannot lock your own account', (actor, target) => actor.id !== target.id),
};
