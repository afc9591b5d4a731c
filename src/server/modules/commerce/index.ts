/**
 * The commerce module: the shop's catalogue (/products, /product/:slug), staff's products (/productlist), buying
 * (Stripe Checkout and its webhook, orders, discount codes) and fulfilment. It reads courses through learning's index,
 * grants access only through it, and never writes another module's tables.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { ordersHandlers, shopHandlers } from './api/orders';
import { productsHandlers } from './api/products';

export const handlers = {
  'products.php': productsHandlers,
  'orders.php': ordersHandlers,
  'shop.php': shopHandlers,
} satisfies ModuleHandlers;

export { registerPaymentRoutes } from './api/orders';
export { saveDiscountCode } from './services/discounts';
export { uploadProductMedium } from './services/productMedia';
export { saveProduct } from './services/products';
