/**
 * The shop's orders and discount codes. An order is `pending` while the buyer is at the payment page, `paid` once
 * the payment is confirmed (what it gives is then granted, once), `cancelled` when the payment page expired unpaid,
 * and `refunded` when its money went back (what it gave is taken back unless an administrator keeps it).
 */
export const orderStatuses = ['pending', 'paid', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * How an order is paid: by card through Stripe Checkout, nothing to pay (a discount to zero), or on an invoice to the
 * buyer's company (fulfilled at once; the invoice waits for the payment in the books).
 */
export const orderPayments = ['card', 'free', 'invoice'] as const;
export type OrderPayment = (typeof orderPayments)[number];

/** A discount code takes a percentage off, or an amount in euro cents (never below zero). */
export const discountKinds = ['percent', 'amount'] as const;
export type DiscountKind = (typeof discountKinds)[number];

export interface Discount {
  kind: DiscountKind;
  /** 1–100 for a percentage; euro cents for an amount. */
  amount: number;
}

/** The cents a discount takes off a price: a percentage rounded to the cent, never more than the price. */
export function discountCents(priceCents: number, discount: Discount): number {
  const off = discount.kind === 'percent' ? Math.round((priceCents * discount.amount) / 100) : discount.amount;
  return Math.max(0, Math.min(priceCents, off));
}

/** A discount code as buyers type it: letters, digits and dashes, compared without regard to case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
export const normalizeDiscountCode = (code: string): string => code.trim().toUpperCase();

export const DISCOUNT_LIMITS = {
  code: 32,
  /** An amount off: up to 100,000 €. */
  amountCents: 10_000_000,
  maxUses: 1_000_000,
} as const;

/** Why a discount code does not apply, in the order they are checked. */
export type DiscountRefusal = 'unknown' | 'inactive' | 'notYet' | 'expired' | 'usedUp' | 'otherProduct';

export interface DiscountCodeState {
  active: boolean;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  uses: number;
  productId: number | null;
}

/** Whether a code applies to a product at `at` (ISO time), or why not. */
export function discountRefusal(code: DiscountCodeState, productId: number, at: string): DiscountRefusal | null {
  if (!code.active) return 'inactive';
  if (code.validFrom !== null && at < code.validFrom) return 'notYet';
  if (code.validTo !== null && at >= code.validTo) return 'expired';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'usedUp';
  if (code.productId !== null && code.productId !== productId) return 'otherProduct';
  return null;
}

/** The texts of the refusals, as the server words them (the client has them in both languages). */
export const discountRefusalText: Readonly<Record<DiscountRefusal, string>> = {
  unknown: 'No such discount code',
  inactive: 'This discount code is no longer valid',
  notYet: 'This discount code is not valid yet',
  expired: 'This discount code has expired',
  usedUp: 'This discount code has been used up',
  otherProduct: 'This discount code is for another product',
};

/**
 * Wrong discount codes a buyer, and a source, may try per window (a price check or a checkout with a code): discount
 * codes are words people choose (SPRING-20), so they can be guessed; a right code costs nothing.
 */
export const DISCOUNT_GUESSES_PER_USER = { limit: 10, windowSeconds: 15 * 60 } as const;
export const DISCOUNT_GUESSES_PER_SOURCE = { limit: 30, windowSeconds: 15 * 60 } as const;

/** Checkouts a buyer may start per hour: each one opens a payment page at the provider. */
export const CHECKOUT_LIMIT = { limit: 20, windowSeconds: 3600 } as const;

/** How long Stripe keeps a payment page open (its minimum is 30 minutes): an unpaid order is cancelled after it. */
export const CHECKOUT_OPEN_MINUTES = 60;
