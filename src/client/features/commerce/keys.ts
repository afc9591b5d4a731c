import type { ProductKind } from '../../../shared/domain/commerce/products';

/** The query keys of the shop (the catalogue by kind and language, a product by its slug) and of coaching bookings. */
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
  /** How the signed-in buyer may pay besides by card (her company on invoice). */
  checkoutOptions: (token: string | null) => ['commerce', 'checkoutOptions', token] as const,
  sales: (productId: number) => ['commerce', 'sales', productId] as const,
  discountCodes: ['commerce', 'discountCodes'] as const,
  settings: ['commerce', 'settings'] as const,
  /** The shop's public facts (the webshop's address). */
  shop: ['commerce', 'shop'] as const,
  coaches: ['commerce', 'coaches'] as const,
  slots: (coachId: number) => ['commerce', 'slots', coachId] as const,
  myBookings: (token: string | null) => ['commerce', 'myBookings', token] as const,
  availability: (coachId: number) => ['commerce', 'availability', coachId] as const,
  schedule: (weekStart: string, timeZone: string) => ['commerce', 'schedule', weekStart, timeZone] as const,
  learners: (search: string) => ['commerce', 'learners', search] as const,
};
