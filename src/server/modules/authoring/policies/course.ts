import { action, isStaff } from '../../../platform/authorize';

export const authoringActions = {
  /** Staff (types 2 and 8, privilegies above 50) edit courses (spec §6); the dispatcher's `staff` access says the same. */
  edit: action('Only staff edit courses', (actor) => isStaff(actor)),
};
