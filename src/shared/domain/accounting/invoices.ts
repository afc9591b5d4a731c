/** Invoices and credit notes: their kinds, how they are paid, and their states. */

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** `card`: paid at checkout, the invoice is the receipt; `invoice`: the customer pays it by bank transfer. */
export const invoicePayments = ['card', 'invoice'] as const;
export type InvoicePayment = (typeof invoicePayments)[number];

/**
 * Stored states: a draft has no number yet; `sent` waits for payment; `paid`; `credited` (a credit note cancelled
 * it, in whole). A credit note is `paid` once refunded or set against its invoice.
 */
export const invoiceStatuses = ['draft', 'sent', 'paid', 'credited'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** The states a reader sees: `overdue` is a sent invoice past its due date. */
export const shownInvoiceStatuses = [...invoiceStatuses, 'overdue'] as const;
export type ShownInvoiceStatus = (typeof shownInvoiceStatuses)[number];

export function shownStatus(status: InvoiceStatus, dueDate: string | null, today: string): ShownInvoiceStatus {
  return status === 'sent' && dueDate !== null && dueDate < today ? 'overdue' : status;
}

export const customerKinds = ['consumer', 'company'] as const;
export type CustomerKind = (typeof customerKinds)[number];

export const CUSTOMER_LIMITS = { name: 200, address: 500, email: 254, vatNumber: 20, orgNumber: 11 } as const;

/** Days after its due date an unpaid invoice is reminded of, once. */
export const REMINDER_AFTER_DAYS = 3;
