import { action, isStaff } from '../../../platform/authorize';

export const companyActions = {
  /**
   * Staff (types 2 and 8, privilegies above 50) list, create, change and delete their site's companies and put users
   * in them; the dispatcher's `staff` access says the same, and this holds when a call comes by another way.
   */
  manage: action('Only staff manage the companies of the site', (actor) => isStaff(actor)),
};
