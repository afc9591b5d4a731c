/**
 * The accounting module: customers, invoices and credit notes, the books (vouchers on the BAS chart, in SEK), and
 * their reports. Money reaches it through one entry point, `book`: the shop hands it sales, refunds and payouts, and nothing
 * but this module writes its tables.
 */
import type { ModuleHandlers } from '../../platform/handlers';
import { accountingHandlers } from './api/accounting';

export const handlers = {
  'accounting.php': accountingHandlers,
} satisfies ModuleHandlers;

export { attachToVoucher } from './services/attachments';
export { companyCustomerOf, saveCustomer } from './services/customers';
export { recordPaymentById } from './services/invoices';
export { sendInvoiceReminders, startInvoiceReminders } from './services/reminders';
export { type BookEvent, book, invoiceForCustomer, type SaleFacts } from './services/sales';
export { importRates, saveAccountingSettings } from './services/settings';
export { type SettlementFacts, settledReferences } from './services/settlements';
