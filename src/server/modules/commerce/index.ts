/**
 * The commerce module: the shop's catalogue (/products, /product/:slug), staff's products (/productlist), buying
 * (Stripe Checkout and its webhook, orders, discount codes) and fulfilment, and coaching bookings (coaches' hours,
 * slots, booking with a credit, /adminschedule). It reads courses through learning's index,
 * grants access only through it, and never writes another module's tables.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { bookingsHandlers } from './api/bookings';
import { ordersHandlers, shopHandlers } from './api/orders';
import { productsHandlers } from './api/products';

export const handlers = {
  'products.php': productsHandlers,
  'orders.php': ordersHandlers,
  'shop.php': shopHandlers,
  'bookings.php': bookingsHandlers,
} satisfies ModuleHandlers;

export { registerPaymentRoutes } from './api/orders';
export { storeSchedule } from './services/availability';
export { sendDueReminders, startBookingReminders } from './services/bookingReminders';
export { findSlots, insertBooking } from './services/bookings';
export { saveDiscountCode } from './services/discounts';
export { grantCoachingCredits } from './services/fulfilment';
export { uploadProductMedium } from './services/productMedia';
export { saveProduct } from './services/products';
