import type { Selectable } from 'kysely';
import { ACCOUNTS } from '../../../../shared/domain/accounting/chart';
import type { InvoicePayment } from '../../../../shared/domain/accounting/invoices';
import { invoiceTotals, toOre } from '../../../../shared/domain/accounting/money';
import type { VatDecision, VatTreatment } from '../../../../shared/domain/accounting/vat';
import type { TaxCategory } from '../../../../shared/domain/commerce/products';
import { type Db, inTransaction, lockedForUpdate, now } from '../../../platform/db';
import type { CustomersTable, InvoicesTable } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { addDays, audit, dayOf, nextNumber, postVoucher, type VoucherLineInput } from './ledger';
import { type AccountingSettings, accountingSettings, rateOn } from './settings';

export type InvoiceRow = Selectable<InvoicesTable>;
export type CustomerRow = Selectable<CustomersTable>;

/** A party as an invoice names it, kept with the invoice as it was on its day. */
export interface Party {
  name: string;
  address: string;
  country: string;
  vatNumber: string | null;
  orgNumber: string | null;
  email: string;
}

export interface LineInput {
  description: string;
  quantity: number;
  /** Net of VAT, or VAT included where the invoice's prices include it. */
  unitCents: number;
  taxCategory: TaxCategory;
}

/** The account a sale's net amount goes to, by how its VAT was decided. */
const salesAccount: Record<VatTreatment, number> = {
  domestic: ACCOUNTS.salesSweden,
  oss: ACCOUNTS.salesOss,
  reverse_charge: ACCOUNTS.salesEuReverseCharge,
  outside_eu: ACCOUNTS.salesOutsideEu,
};
const vatAccount = (treatment: VatTreatment) =>
  treatment === 'oss' ? ACCOUNTS.outputVatOss : ACCOUNTS.outputVatSweden;

/** The receivable a sale books: the card provider's (paid at checkout) or the customer's (to pay the invoice). */
export const receivableAccount = (payment: InvoicePayment) =>
  payment === 'card' ? ACCOUNTS.cardReceivables : ACCOUNTS.customerReceivables;

export function partyOfSettings(settings: AccountingSettings): Party {
  return {
    name: settings.company_name,
    address: settings.address,
    country: 'SE',
    vatNumber: settings.vat_number || null,
    orgNumber: settings.org_number || null,
    email: settings.email,
  };
}

export function partyOfCustomer(customer: CustomerRow): Party {
  return {
    name: customer.name,
    address: customer.address,
    country: customer.country,
    vatNumber: customer.vat_number,
    orgNumber: customer.org_number,
    email: customer.email,
  };
}

/** The lines of a voucher that books an invoice (or, with negative amounts, a credit note) at its rate. */
function invoiceVoucherLines(
  invoice: Pick<InvoiceRow, 'payment' | 'treatment' | 'vat_country' | 'rate_e4' | 'net_cents' | 'vat_cents'>,
  text: string,
): VoucherLineInput[] {
  const netOre = toOre(invoice.net_cents, invoice.rate_e4);
  const vatOre = toOre(invoice.vat_cents, invoice.rate_e4);
  const treatment = invoice.treatment as VatTreatment;
  return [
    {
      account: receivableAccount(invoice.payment as InvoicePayment),
      amountOre: netOre + vatOre,
      currencyCents: invoice.net_cents + invoice.vat_cents,
      text,
    },
    { account: salesAccount[treatment], amountOre: -netOre, currencyCents: -invoice.net_cents, text },
    {
      account: vatAccount(treatment),
      amountOre: -vatOre,
      currencyCents: -invoice.vat_cents,
      vatCountry: invoice.vat_country,
      text,
    },
  ];
}

/**
 * Issues an invoice, finalised at once: the next number of the site's gapless series, its lines and VAT per rate,
 * and the voucher that books it, all in the caller's transaction. A card sale's invoice is its receipt, paid on
 * the day; an invoice to pay is due after the site's payment terms.
 */
export async function issueInvoice(
  trx: Db,
  opts: {
    siteId: number;
    settings: AccountingSettings;
    customer: CustomerRow;
    orderId: number | null;
    payment: InvoicePayment;
    date: string;
    language: string;
    vat: VatDecision;
    pricesIncludeVat: boolean;
    lines: LineInput[];
    userId: number | null;
    paymentReference?: string;
  },
): Promise<InvoiceRow> {
  const totals = invoiceTotals(
    opts.lines.map((line) => ({ quantity: line.quantity, unitCents: line.unitCents, rateBp: opts.vat.rateBp })),
    { pricesIncludeVat: opts.pricesIncludeVat },
  );
  const rateE4 = await rateOn(trx, opts.date, opts.settings.default_rate_e4);
  const number = await nextNumber(trx, opts.siteId, 'invoice');
  const at = now();
  const paid = opts.payment === 'card';
  const invoice = await trx
    .insertInto('invoices')
    .values({
      site_id: opts.siteId,
      kind: 'invoice',
      number,
      status: paid ? 'paid' : 'sent',
      payment: opts.payment,
      customer_id: opts.customer.id,
      order_id: opts.orderId,
      credits_invoice_id: null,
      issue_date: opts.date,
      due_date: paid ? opts.date : addDays(opts.date, opts.settings.payment_terms_days),
      language: opts.language,
      currency: 'EUR',
      buyer: JSON.stringify(partyOfCustomer(opts.customer)),
      seller: JSON.stringify(partyOfSettings(opts.settings)),
      treatment: opts.vat.treatment,
      vat_country: opts.vat.country,
      net_cents: totals.netCents,
      vat_cents: totals.vatCents,
      total_cents: totals.totalCents,
      paid_cents: paid ? totals.totalCents : 0,
      rate_e4: rateE4,
      paid_at: paid ? at : null,
      reminded_at: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertLines(trx, invoice, opts.lines, opts.vat.rateBp, totals.lines);
  if (paid) {
    await trx
      .insertInto('invoice_payments')
      .values({
        site_id: opts.siteId,
        invoice_id: invoice.id,
        date: opts.date,
        amount_cents: totals.totalCents,
        method: 'card',
        reference: opts.paymentReference ?? '',
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  await postVoucher(trx, {
    siteId: opts.siteId,
    date: opts.date,
    text: `Faktura ${number}, ${opts.customer.name}`,
    source: 'invoice',
    sourceId: invoice.id,
    lines: invoiceVoucherLines(invoice, `Faktura ${number}`),
    userId: opts.userId,
  });
  return invoice;
}

async function insertLines(
  trx: Db,
  invoice: InvoiceRow,
  lines: LineInput[],
  rateBp: number,
  amounts: { netCents: number; vatCents: number }[],
): Promise<void> {
  const at = now();
  await trx
    .insertInto('invoice_lines')
    .values(
      lines.map((line, index) => ({
        site_id: invoice.site_id,
        invoice_id: invoice.id,
        position: index + 1,
        description: line.description,
        quantity: line.quantity,
        unit_cents: Math.round((amounts[index]?.netCents ?? 0) / Math.max(1, Math.abs(line.quantity))),
        rate_bp: rateBp,
        net_cents: amounts[index]?.netCents ?? 0,
        vat_cents: amounts[index]?.vatCents ?? 0,
        tax_category: line.taxCategory,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

/** What of an invoice is not credited yet, VAT included (credit notes carry negative totals). */
export async function uncreditedCents(trx: Db, invoice: InvoiceRow): Promise<number> {
  const row = await trx
    .selectFrom('invoices')
    .select((eb) => eb.fn.sum<number>('total_cents').as('credited'))
    .where('site_id', '=', invoice.site_id)
    .where('credits_invoice_id', '=', invoice.id)
    .executeTakeFirst();
  return invoice.total_cents + Number(row?.credited ?? 0);
}

/**
 * Credits an invoice, in whole or by an amount VAT included: a credit note that refers to it, with the next number
 * of the same series, negative amounts at the invoice's VAT rate and exchange rate (so the books of the sale are
 * undone exactly), and its voucher. The invoice is `credited` once nothing of it is left. A card sale's credit note is
 * its refund, paid on the day.
 */
export async function creditInvoice(
  trx: Db,
  opts: { invoice: InvoiceRow; amountCents: number | null; date: string; userId: number | null; reason: string },
): Promise<InvoiceRow> {
  const { invoice } = opts;
  if (invoice.kind !== 'invoice' || invoice.number === null) {
    throw new AppError('INVALID_STATE', 'Only a finalised invoice can be credited');
  }
  const left = await uncreditedCents(trx, invoice);
  const amount = opts.amountCents ?? left;
  if (left <= 0 || amount <= 0 || amount > left) {
    throw new AppError('INVALID_STATE', 'Nothing of that amount is left to credit on this invoice');
  }
  const original = await trx
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .orderBy('position')
    .execute();
  const rateBp = original[0]?.rate_bp ?? 0;
  // The whole of what is left: the lines undone as they were (less what earlier credit notes took); a part: one line
  // of that amount, VAT included.
  const whole = amount === left && left === invoice.total_cents;
  const lines: LineInput[] = whole
    ? original.map((line) => ({
        description: line.description,
        quantity: -line.quantity,
        unitCents: line.quantity === 0 ? 0 : Math.round((line.net_cents + line.vat_cents) / line.quantity),
        taxCategory: line.tax_category as TaxCategory,
      }))
    : [
        {
          description: opts.reason,
          quantity: -1,
          unitCents: amount,
          taxCategory: (original[0]?.tax_category ?? 'electronic') as TaxCategory,
        },
      ];
  const totals = whole
    ? {
        lines: original.map((line) => ({ netCents: -line.net_cents, vatCents: -line.vat_cents })),
        netCents: -invoice.net_cents,
        vatCents: -invoice.vat_cents,
        totalCents: -invoice.total_cents,
      }
    : invoiceTotals([{ quantity: -1, unitCents: amount, rateBp }], { pricesIncludeVat: true });
  const number = await nextNumber(trx, invoice.site_id, 'invoice');
  const at = now();
  const paid = invoice.payment === 'card';
  const note = await trx
    .insertInto('invoices')
    .values({
      site_id: invoice.site_id,
      kind: 'credit_note',
      number,
      status: 'paid',
      payment: invoice.payment,
      customer_id: invoice.customer_id,
      order_id: invoice.order_id,
      credits_invoice_id: invoice.id,
      issue_date: opts.date,
      due_date: opts.date,
      language: invoice.language,
      currency: invoice.currency,
      buyer: invoice.buyer,
      seller: invoice.seller,
      treatment: invoice.treatment,
      vat_country: invoice.vat_country,
      net_cents: totals.netCents,
      vat_cents: totals.vatCents,
      total_cents: totals.totalCents,
      paid_cents: totals.totalCents,
      rate_e4: invoice.rate_e4,
      paid_at: at,
      reminded_at: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertLines(trx, note, lines, rateBp, totals.lines);
  if (paid) {
    await trx
      .insertInto('invoice_payments')
      .values({
        site_id: invoice.site_id,
        invoice_id: note.id,
        date: opts.date,
        amount_cents: totals.totalCents,
        method: 'card',
        reference: opts.reason,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  if (amount === left) {
    await trx
      .updateTable('invoices')
      .set({ status: 'credited', updated_at: at })
      .where('id', '=', invoice.id)
      .execute();
  }
  await postVoucher(trx, {
    siteId: invoice.site_id,
    date: opts.date,
    text: `Kreditfaktura ${number} till faktura ${invoice.number}`,
    source: 'credit_note',
    sourceId: note.id,
    lines: invoiceVoucherLines(note, `Kreditfaktura ${number}`),
    userId: opts.userId,
  });
  return note;
}

/**
 * Records a customer's payment of an invoice to pay (a bank transfer), booked at the day's rate: the receivable
 * goes at the invoice's rate, the difference is an exchange gain or loss. Paid in full, the invoice is `paid`.
 */
export async function recordPayment(
  trx: Db,
  opts: {
    invoice: InvoiceRow;
    amountCents: number;
    date: string;
    reference: string;
    userId: number | null;
    settings: AccountingSettings;
  },
): Promise<void> {
  const { invoice } = opts;
  if (invoice.kind !== 'invoice' || invoice.payment !== 'invoice' || invoice.status !== 'sent') {
    throw new AppError('INVALID_STATE', 'Only a sent invoice waits for a payment');
  }
  const due = (await uncreditedCents(trx, invoice)) - invoice.paid_cents;
  if (opts.amountCents <= 0 || opts.amountCents > due) {
    throw new AppError('INVALID_STATE', 'The payment is more than the invoice asks');
  }
  const at = now();
  await trx
    .insertInto('invoice_payments')
    .values({
      site_id: invoice.site_id,
      invoice_id: invoice.id,
      date: opts.date,
      amount_cents: opts.amountCents,
      method: 'bank',
      reference: opts.reference,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const full = opts.amountCents === due;
  await trx
    .updateTable('invoices')
    .set((eb) => ({
      paid_cents: eb('paid_cents', '+', opts.amountCents),
      status: full ? 'paid' : 'sent',
      paid_at: full ? at : null,
      updated_at: at,
    }))
    .where('id', '=', invoice.id)
    .execute();
  const rateE4 = await rateOn(trx, opts.date, opts.settings.default_rate_e4);
  const bankOre = toOre(opts.amountCents, rateE4);
  const receivableOre = toOre(opts.amountCents, invoice.rate_e4);
  const difference = bankOre - receivableOre;
  const text = `Betalning faktura ${invoice.number}`;
  await postVoucher(trx, {
    siteId: invoice.site_id,
    date: opts.date,
    text,
    source: 'payment',
    sourceId: invoice.id,
    lines: [
      { account: ACCOUNTS.bank, amountOre: bankOre, currencyCents: opts.amountCents, text },
      { account: ACCOUNTS.customerReceivables, amountOre: -receivableOre, currencyCents: -opts.amountCents, text },
      {
        account: difference > 0 ? ACCOUNTS.exchangeGains : ACCOUNTS.exchangeLosses,
        amountOre: -difference,
        text,
      },
    ],
    userId: opts.userId,
  });
  await audit(trx, {
    siteId: invoice.site_id,
    userId: opts.userId,
    action: 'payment',
    subject: `invoice ${invoice.number}`,
    detail: { invoiceId: invoice.id, amountCents: opts.amountCents, date: opts.date, reference: opts.reference },
  });
}

/** Credits one of a site's invoices (not a card sale's: that is refunded in the shop), in a transaction of its own. */
export async function creditInvoiceById(
  db: Db,
  opts: { siteId: number; invoiceId: number; amountCents: number | null; userId: number; reason: string },
): Promise<InvoiceRow> {
  return inTransaction(db, async (trx) => {
    const invoice = await invoiceRow(trx, opts.siteId, opts.invoiceId);
    if (invoice.payment === 'card' && invoice.order_id !== null) {
      throw new AppError('INVALID_STATE', 'A card sale is credited by refunding its order in the shop');
    }
    return creditInvoice(trx, {
      invoice,
      amountCents: opts.amountCents,
      date: dayOf(now()),
      userId: opts.userId,
      reason: opts.reason,
    });
  });
}

/** Records a payment of one of a site's invoices, in a transaction of its own. */
export async function recordPaymentById(
  db: Db,
  opts: {
    site: { id: number; title: string };
    invoiceId: number;
    amountCents: number;
    date: string;
    reference: string;
    userId: number | null;
  },
): Promise<void> {
  const settings = await accountingSettings(db, opts.site);
  await inTransaction(db, async (trx) => {
    const invoice = await invoiceRow(trx, opts.site.id, opts.invoiceId);
    await recordPayment(trx, { ...opts, invoice, settings });
  });
}

async function invoiceRow(trx: Db, siteId: number, id: number): Promise<InvoiceRow> {
  const invoice = await lockedForUpdate(
    trx,
    trx.selectFrom('invoices').selectAll().where('site_id', '=', siteId).where('id', '=', id),
  ).executeTakeFirst();
  if (!invoice) throw new AppError('NOT_FOUND', 'No such invoice');
  return invoice;
}
