import { action, isStaff } from '../../../platform/authorize';

export const userActions = {
  /** Staff (types 2 and 8, privilegies above 50) see their site's users; the dispatcher's `staff` access says the same. */
  list: action('Only staff see the users of the site', (actor) => isStaff(actor)),
};
