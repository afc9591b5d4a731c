/**
 * The shop's products (spec §1): a course, a bundle of courses, a sample pack (a set of files to download) or a
 * coaching package (a number of coaching sessions).
 */
export const productKinds = ['course', 'bundle', 'samples', 'coaching'] as const;
export type ProductKind = (typeof productKinds)[number];

/**
 * How a product is taxed (the accounting's rules): a recorded course or a download is an electronically supplied
 * service, taxed where the buyer lives; live coaching is not, and is taxed by the rules of services in general.
 */
export const taxCategories = ['electronic', 'live'] as const;
export type TaxCategory = (typeof taxCategories)[number];

/** The tax category a kind of product may have: live coaching is never an electronically supplied service. */
export const allowedTaxCategories: Readonly<Record<ProductKind, readonly TaxCategory[]>> = {
  course: ['electronic'],
  bundle: ['electronic'],
  samples: ['electronic'],
  coaching: ['live'],
};

/** A product's address name: lower-case letters, digits and single dashes (`music-production-basics`). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PRODUCT_LIMITS = {
  slug: 80,
  name: 120,
  description: 4000,
  /** Prices in euro cents: up to 100,000 €. */
  priceCents: 10_000_000,
  accessMonths: 120,
  coachingSessions: 100,
  courses: 50,
  /** A sample pack's files, and the length of the name each is listed under. */
  files: 50,
  fileName: 200,
} as const;

/** Prices are kept in euro cents and shown with VAT included, as EU consumers see them. */
export const CURRENCY = 'EUR';
