import { action, isStaff } from '../../../platform/authorize';

export const productActions = {
  /** Staff (types 2 and 8, privilegies above 50) run the shop's products, their images and files among them. */
  edit: action('Only staff edit products', (actor) => isStaff(actor)),
};
