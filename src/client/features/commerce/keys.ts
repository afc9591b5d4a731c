import type { ProductKind } from '../../../shared/domain/commerce/products';

/** The query keys of the shop: the catalogue by kind and language, a product by its slug. */
export const commerceKeys = {
  all: ['commerce'] as const,
  products: (kind: ProductKind | '', language: string) => ['commerce', 'products', kind, language] as const,
  list: (language: string) => ['commerce', 'list', language] as const,
  form: (productId: number) => ['commerce', 'form', productId] as const,
  courses: ['commerce', 'courses'] as const,
  product: (slug: string, language: string, token: string | null) =>
    ['commerce', 'product', slug, language, token] as const,
  order: (orderId: number, token: string | null) => ['commerce', 'order', orderId, token] as const,
  myOrders: (token: string | null) => ['commerce', 'myOrders', token] as const,
  sales: (productId: number) => ['commerce', 'sales', productId] as const,
  discountCodes: ['commerce', 'discountCodes'] as const,
  settings: ['commerce', 'settings'] as const,
  /** The shop's public facts (the webshop's address). */
  shop: ['commerce', 'shop'] as const,
};
