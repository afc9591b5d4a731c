import { netOfGross } from '../../../../shared/domain/accounting/money';
import { decideVat, SELLER_COUNTRY, standardRateBp } from '../../../../shared/domain/accounting/vat';
import type { TaxCategory } from '../../../../shared/domain/commerce/products';
import { type Db, inTransaction, now } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { type CustomerRow, creditInvoice, type InvoiceRow, issueInvoice } from './invoices';
import { dayOf } from './ledger';
import { accountingSettings } from './settings';
import { receiveSettlement, type SettlementFacts } from './settlements';

/** A sale as the shop hands it over: what was sold, to whom, for how much, and the buyer's country evidence. */
export interface SaleFacts {
  orderId: number;
  userId: number | null;
  description: string;
  taxCategory: TaxCategory;
  /** What the buyer paid, VAT included, in euro cents. */
  amountCents: number;
  language: string;
  billingCountry: string | null;
  cardCountry: string | null;
  paymentReference: string | null;
  /** A company customer invoiced for it (an order paid by invoice); absent for a card sale. */
  invoiceTo?: number;
}

/**
 * What the shop tells the books, through this one entry point (modules/accounting/index.ts): a sale paid by card
 * (its invoice, paid, and the voucher), a refund of it (a credit note for what is refunded beyond earlier ones), and
 * a payment provider's settlement (a payout: its sales, refunds, disputes and fees matched and booked). Each is safe
 * to hear twice: a sale already invoiced, a refund already credited and a payout already stored book nothing more.
 */
export type BookEvent =
  | { kind: 'sale'; siteId: number; sale: SaleFacts; at?: string }
  | { kind: 'refund'; siteId: number; orderId: number; refundedCents: number; at?: string; userId?: number | null }
  | { kind: 'settlement'; siteId: number; settlement: SettlementFacts };

export async function book(trx: Db, event: BookEvent): Promise<void> {
  if (event.kind === 'settlement') {
    await receiveSettlement(trx, event.siteId, event.settlement);
    return;
  }
  const date = dayOf(event.at ?? now());
  if (event.kind === 'sale') {
    await bookSale(trx, event.siteId, event.sale, date);
    return;
  }
  const invoice = await saleInvoice(trx, event.siteId, event.orderId);
  if (!invoice) return;
  const credited = await trx
    .selectFrom('invoices')
    .select((eb) => eb.fn.sum<number>('total_cents').as('credited'))
    .where('site_id', '=', event.siteId)
    .where('credits_invoice_id', '=', invoice.id)
    .executeTakeFirst();
  const more = event.refundedCents + Number(credited?.credited ?? 0);
  if (more <= 0) return;
  await creditInvoice(trx, {
    invoice,
    amountCents: Math.min(more, invoice.total_cents),
    date,
    userId: event.userId ?? null,
    reason: `Refund of order ${event.orderId}`,
  });
}

const saleInvoice = (trx: Db, siteId: number, orderId: number): Promise<InvoiceRow | undefined> =>
  trx
    .selectFrom('invoices')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('order_id', '=', orderId)
    .where('kind', '=', 'invoice')
    .executeTakeFirst();

async function bookSale(trx: Db, siteId: number, sale: SaleFacts, date: string): Promise<void> {
  if (sale.amountCents <= 0 || (await saleInvoice(trx, siteId, sale.orderId))) return;
  const site = await trx.selectFrom('sites').select(['id', 'title']).where('id', '=', siteId).executeTakeFirstOrThrow();
  if (sale.invoiceTo !== undefined) {
    // A company's invoice is written net: the consumer price less Sweden's VAT, its own VAT added by its treatment.
    const net = netOfGross(sale.amountCents, standardRateBp(SELLER_COUNTRY, date));
    await invoiceForCustomer(trx, {
      site,
      customerId: sale.invoiceTo,
      taxCategory: sale.taxCategory,
      language: sale.language,
      lines: [{ description: sale.description, quantity: 1, unitCents: net }],
      userId: null,
      date,
      orderId: sale.orderId,
    });
    return;
  }
  const settings = await accountingSettings(trx, site);
  const country = (sale.billingCountry ?? sale.cardCountry ?? '').toUpperCase();
  const customer = await consumerOf(trx, siteId, sale, country);
  const vat = decideVat({
    customer: { kind: 'consumer', country: country || customer.country, vatNumber: null },
    category: sale.taxCategory,
    date,
    swedishVatBelowThreshold: settings.swedish_vat_below_threshold === 1,
  });
  await issueInvoice(trx, {
    siteId,
    settings,
    customer,
    orderId: sale.orderId,
    payment: 'card',
    date,
    language: sale.language,
    vat,
    pricesIncludeVat: true,
    lines: [{ description: sale.description, quantity: 1, unitCents: sale.amountCents, taxCategory: sale.taxCategory }],
    userId: null,
    ...(sale.paymentReference ? { paymentReference: sale.paymentReference } : {}),
  });
}

/**
 * The consumer customer of a buyer: hers if she has bought before (its country updated from the sale's evidence),
 * else one made from her account. A sale with no buyer left (an account deleted meanwhile) gets a customer of its own.
 */
async function consumerOf(trx: Db, siteId: number, sale: SaleFacts, country: string): Promise<CustomerRow> {
  const at = now();
  if (sale.userId !== null) {
    const found = await trx
      .selectFrom('customers')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('user_id', '=', sale.userId)
      .where('kind', '=', 'consumer')
      .executeTakeFirst();
    if (found) {
      if (!country || country === found.country) return found;
      return trx
        .updateTable('customers')
        .set({ country, updated_at: at })
        .where('id', '=', found.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
  }
  const user =
    sale.userId === null
      ? undefined
      : await trx
          .selectFrom('users')
          .select(['first_name', 'last_name', 'email', 'language'])
          .where('id', '=', sale.userId)
          .executeTakeFirst();
  return trx
    .insertInto('customers')
    .values({
      site_id: siteId,
      kind: 'consumer',
      user_id: user ? sale.userId : null,
      company_id: null,
      name: user ? `${user.first_name} ${user.last_name}`.trim() : `Order ${sale.orderId}`,
      address: '',
      country: country || 'SE',
      vat_number: null,
      org_number: null,
      email: user?.email ?? '',
      language: user?.language ?? sale.language,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * An invoice to pay for a customer, for what was sold outside the shop: VAT by the customer (a company with a valid
 * VAT number in another EU country pays no Swedish VAT) and the tax category; a company's prices are net of VAT, a
 * consumer's include it.
 */
export async function invoiceForCustomer(
  db: Db,
  opts: {
    site: { id: number; title: string };
    customerId: number;
    taxCategory: TaxCategory;
    language: string | null;
    lines: { description: string; quantity: number; unitCents: number }[];
    userId: number | null;
    /** The issue date: today unless given (the demo's year of sales). */
    date?: string;
    /** The shop's order it invoices, for an order paid by invoice. */
    orderId?: number;
  },
): Promise<InvoiceRow> {
  return inTransaction(db, async (trx) => {
    const customer = await trx
      .selectFrom('customers')
      .selectAll()
      .where('site_id', '=', opts.site.id)
      .where('id', '=', opts.customerId)
      .executeTakeFirst();
    if (!customer) throw new AppError('NOT_FOUND', 'No such customer');
    const settings = await accountingSettings(trx, opts.site);
    const date = dayOf(now());
    const vat = decideVat({
      customer: {
        kind: customer.kind as 'consumer' | 'company',
        country: customer.country,
        vatNumber: customer.vat_number,
      },
      category: opts.taxCategory,
      date,
      swedishVatBelowThreshold: settings.swedish_vat_below_threshold === 1,
    });
    return issueInvoice(trx, {
      siteId: opts.site.id,
      settings,
      customer,
      orderId: opts.orderId ?? null,
      payment: 'invoice',
      date,
      language: opts.language ?? customer.language,
      vat,
      pricesIncludeVat: customer.kind === 'consumer',
      lines: opts.lines.map((line) => ({ ...line, taxCategory: opts.taxCategory })),
      userId: opts.userId,
    });
  });
}
