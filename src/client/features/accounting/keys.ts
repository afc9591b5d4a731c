import type { ShownInvoiceStatus } from '../../../shared/domain/accounting/invoices';

/** The filters of /invoices as the list is asked for them. */
export interface InvoiceFilters {
  status: ShownInvoiceStatus | '';
  search: string;
  customerId: number;
  page: number;
}

const invoices = ['accounting', 'invoices'] as const;
const customers = ['accounting', 'customers'] as const;
const ledger = ['accounting', 'ledger'] as const;

/**
 * The query keys of the books. An invoice, a credit, a payment or a voucher changes the ledger (reports, vouchers, the
 * main book) and the customers' balances at once, so those live under keys a change can invalidate together.
 */
export const accountingKeys = {
  all: ['accounting'] as const,
  invoices: {
    all: invoices,
    list: (filters: InvoiceFilters) => [...invoices, 'list', filters] as const,
    detail: (invoiceId: number) => [...invoices, 'detail', invoiceId] as const,
  },
  customers: {
    all: customers,
    list: (search: string, page: number) => [...customers, 'list', search, page] as const,
    detail: (customerId: number) => [...customers, 'detail', customerId] as const,
  },
  /** The VAT reports, read from the books (a change of the ledger changes them). */
  vat: {
    oss: (year: number, quarter: number) => [...ledger, 'oss', year, quarter] as const,
    vatReturn: (from: string, to: string) => [...ledger, 'vatReturn', from, to] as const,
    ecSales: (from: string, to: string) => [...ledger, 'ecSales', from, to] as const,
  },
  /** The payment providers' settlements (a settlement booked changes the ledger; it is invalidated with it). */
  settlements: {
    all: [...ledger, 'settlements'] as const,
    list: (provider: string, page: number) => [...ledger, 'settlements', provider, page] as const,
    detail: (settlementId: number) => [...ledger, 'settlements', 'detail', settlementId] as const,
  },
  /** The settings, fiscal years and chart (get_books). */
  books: ['accounting', 'books'] as const,
  ledger: {
    all: ledger,
    report: (kind: 'balance' | 'income', from: string, to: string) => [...ledger, 'report', kind, from, to] as const,
    vouchers: (from: string, to: string, page: number) => [...ledger, 'vouchers', from, to, page] as const,
    audit: (page: number) => [...ledger, 'audit', page] as const,
    /** The main book, or the signed-in customer's statement: whose it is belongs to the key. */
    mainbook: (userId: number, from: string, to: string, account: number, page: number) =>
      [...ledger, 'mainbook', userId, from, to, account, page] as const,
  },
};
