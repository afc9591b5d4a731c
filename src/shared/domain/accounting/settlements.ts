/**
 * The payment providers' settlements: a Stripe payout, or a PayPal settlement report, and the movements in it. Each
 * sale, refund and dispute is matched to the invoice it settles; what cannot be matched waits for a person, who
 * names its order or invoice, or the account it belongs to. A settlement is booked, in one voucher, once nothing
 * in it waits.
 */

export const settlementProviders = ['stripe', 'paypal'] as const;
export type SettlementProvider = (typeof settlementProviders)[number];

/**
 * `charge` money taken in for a sale; `refund` paid back; `dispute` withdrawn by the card holder's bank (a
 * chargeback) and `dispute_reversal` given back when the dispute is won; `fee` a fee of its own; `transfer` money
 * moved to the bank (in a PayPal report); `other` anything else, for a person to place.
 */
export const settlementLineKinds = [
  'charge',
  'refund',
  'dispute',
  'dispute_reversal',
  'fee',
  'transfer',
  'other',
] as const;
export type SettlementLineKind = (typeof settlementLineKinds)[number];

/** The kinds matched to an invoice (through the order or invoice number the provider names). */
export const invoicedKinds: readonly SettlementLineKind[] = ['charge', 'refund', 'dispute', 'dispute_reversal'];

export const settlementStatuses = ['unmatched', 'booked'] as const;
export type SettlementStatus = (typeof settlementStatuses)[number];

/**
 * The largest PayPal settlement report read (its text, in characters): sent as JSON, its quotes escaped, it stays
 * within a request's body of at most 1 MiB. A day of about 3,000 transactions.
 */
export const PAYPAL_REPORT_MAX_CHARS = 800_000;
/** The most movements one settlement may hold. */
export const SETTLEMENT_MAX_LINES = 10_000;
/**
 * The largest movement taken (€10,000,000): with at most SETTLEMENT_MAX_LINES of them at the highest rate, every sum
 * in öre stays an exact integer.
 */
export const SETTLEMENT_LINE_MAX_CENTS = 1_000_000_000;
