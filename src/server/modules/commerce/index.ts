/**
 * The commerce module: the shop's catalogue (/products, /product/:slug) and staff's products (/productlist). It
 * reads courses through learning's index and never writes another module's tables.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { productsHandlers } from './api/products';

export const handlers = {
  'products.php': productsHandlers,
} satisfies ModuleHandlers;
