import { AUDIT_PAGE } from '../../../../shared/domain/accounting/audit';
import type { ShownInvoiceStatus } from '../../../../shared/domain/accounting/invoices';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { today } from '../presenters/invoices';
import { attachmentsOf } from './attachments';
import { uncreditedCents } from './invoices';

export const INVOICE_PAGE = 50;
export const VOUCHER_PAGE = 100;

const invoicesWithCustomer = (db: Db, siteId: number) =>
  db
    .selectFrom('invoices')
    .innerJoin('customers', 'customers.id', 'invoices.customer_id')
    .where('invoices.site_id', '=', siteId);

/** A page of the site's invoices and credit notes, newest first. */
export async function listInvoices(
  db: Db,
  opts: { siteId: number; status: ShownInvoiceStatus | ''; search: string; customerId: number | null; page: number },
) {
  let query = invoicesWithCustomer(db, opts.siteId);
  const day = today();
  if (opts.status === 'overdue')
    query = query.where('invoices.status', '=', 'sent').where('invoices.due_date', '<', day);
  else if (opts.status === 'sent')
    query = query.where('invoices.status', '=', 'sent').where('invoices.due_date', '>=', day);
  else if (opts.status !== '') query = query.where('invoices.status', '=', opts.status);
  if (opts.customerId !== null) query = query.where('invoices.customer_id', '=', opts.customerId);
  if (opts.search !== '') {
    const number = /^\d{1,9}$/.test(opts.search) ? Number(opts.search) : null;
    const like = `%${opts.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['customers.name']), 'like', like),
        ...(number !== null ? [eb('invoices.number', '=', number), eb('invoices.order_id', '=', number)] : []),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll('invoices')
      .select('customers.name as customer_name')
      .orderBy('invoices.id', 'desc')
      .limit(INVOICE_PAGE)
      .offset((opts.page - 1) * INVOICE_PAGE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalPages: Math.max(1, Math.ceil(Number(count.count) / INVOICE_PAGE)) };
}

export async function invoiceById(db: Db, siteId: number, id: number) {
  const row = await invoicesWithCustomer(db, siteId)
    .selectAll('invoices')
    .select('customers.name as customer_name')
    .where('invoices.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such invoice');
  return row;
}

/** An invoice with its lines, payments, credit notes and the vouchers that booked it. */
export async function invoiceDetail(db: Db, siteId: number, id: number) {
  const row = await invoiceById(db, siteId, id);
  const [lines, payments, creditNotes, creditableCents, vouchers, credited] = await Promise.all([
    db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', id).orderBy('position').execute(),
    db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('invoices')
      .select(['id', 'number', 'total_cents'])
      .where('site_id', '=', siteId)
      .where('credits_invoice_id', '=', id)
      .orderBy('id')
      .execute(),
    row.kind === 'invoice' && row.number !== null ? uncreditedCents(db, row) : Promise.resolve(0),
    db
      .selectFrom('vouchers')
      .select(['id', 'series', 'number', 'date'])
      .where('site_id', '=', siteId)
      .where('source_kind', 'in', ['invoice', 'credit_note', 'payment'])
      .where('source_id', '=', id)
      .orderBy('id')
      .execute(),
    row.credits_invoice_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('invoices')
          .select('number')
          .where('site_id', '=', siteId)
          .where('id', '=', row.credits_invoice_id)
          .executeTakeFirst(),
  ]);
  return {
    row,
    lines,
    payments,
    creditNotes,
    creditableCents,
    vouchers,
    creditsInvoiceNumber: credited?.number ?? null,
  };
}

/** A page of the vouchers of a period, newest first, with their lines. */
export async function listVouchers(db: Db, opts: { siteId: number; from: string; to: string; page: number }) {
  const base = db
    .selectFrom('vouchers')
    .where('site_id', '=', opts.siteId)
    .where('date', '>=', opts.from)
    .where('date', '<=', opts.to);
  const [vouchers, count, names] = await Promise.all([
    base
      .selectAll()
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(VOUCHER_PAGE)
      .offset((opts.page - 1) * VOUCHER_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    accountNames(db, opts.siteId),
  ]);
  const lines =
    vouchers.length === 0
      ? []
      : await db
          .selectFrom('voucher_lines')
          .select(['voucher_id', 'account', 'amount_ore', 'text'])
          .where(
            'voucher_id',
            'in',
            vouchers.map((voucher) => voucher.id),
          )
          .orderBy('id')
          .execute();
  const attachments = await attachmentsOf(
    db,
    opts.siteId,
    vouchers.map((voucher) => voucher.id),
  );
  return {
    vouchers: vouchers.map((voucher) => ({
      voucher,
      lines: lines.filter((line) => line.voucher_id === voucher.id),
      attachments: attachments.get(voucher.id) ?? [],
    })),
    names,
    totalPages: Math.max(1, Math.ceil(Number(count.count) / VOUCHER_PAGE)),
  };
}

export async function accountNames(db: Db, siteId: number): Promise<Map<number, string>> {
  const rows = await db.selectFrom('accounts').select(['number', 'name']).where('site_id', '=', siteId).execute();
  return new Map(rows.map((row) => [row.number, row.name]));
}

/**
 * A customer's own account statement: her invoices, credit notes and payments of the period in date order, with the
 * balance she owes (invoices to pay less what she paid; a card sale is paid on its day).
 */
export async function statementOf(db: Db, opts: { siteId: number; userId: number; from: string; to: string }) {
  const invoices = await db
    .selectFrom('invoices')
    .innerJoin('customers', 'customers.id', 'invoices.customer_id')
    .select(['invoices.id', 'invoices.kind', 'invoices.number', 'invoices.issue_date', 'invoices.total_cents'])
    .where('invoices.site_id', '=', opts.siteId)
    .where('customers.user_id', '=', opts.userId)
    .where('invoices.number', 'is not', null)
    .where('invoices.issue_date', '>=', opts.from)
    .where('invoices.issue_date', '<=', opts.to)
    .execute();
  const payments =
    invoices.length === 0
      ? []
      : await db
          .selectFrom('invoice_payments')
          .select(['invoice_id', 'date', 'amount_cents'])
          .where(
            'invoice_id',
            'in',
            invoices.map((invoice) => invoice.id),
          )
          .execute();
  const numberOf = new Map(invoices.map((invoice) => [invoice.id, invoice.number]));
  const entries = [
    ...invoices.map((invoice) => ({
      date: invoice.issue_date as string,
      kind: invoice.kind as 'invoice' | 'credit_note',
      number: invoice.number,
      amountCents: invoice.total_cents,
      order: 0,
    })),
    ...payments.map((payment) => ({
      date: payment.date,
      kind: 'payment' as const,
      number: numberOf.get(payment.invoice_id) ?? null,
      amountCents: -payment.amount_cents,
      order: 1,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order);
  let balance = 0;
  return entries.map(({ order: _order, ...entry }) => {
    balance += entry.amountCents;
    return { ...entry, balanceCents: balance };
  });
}

/** One voucher with its lines and the names of the chart. */
export async function voucherById(db: Db, siteId: number, id: number) {
  const [voucher, lines, names] = await Promise.all([
    db.selectFrom('vouchers').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst(),
    db
      .selectFrom('voucher_lines')
      .select(['account', 'amount_ore', 'text'])
      .where('voucher_id', '=', id)
      .orderBy('id')
      .execute(),
    accountNames(db, siteId),
  ]);
  if (!voucher) throw new AppError('NOT_FOUND', 'No such voucher');
  const attachments = (await attachmentsOf(db, siteId, [id])).get(id) ?? [];
  return { voucher, lines, names, attachments };
}

/** A page of the audit trail, newest first, with who made each change. */
export async function auditTrail(db: Db, opts: { siteId: number; page: number }) {
  const base = db.selectFrom('accounting_audit').where('accounting_audit.site_id', '=', opts.siteId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'accounting_audit.user_id')
      .select([
        'accounting_audit.id',
        'accounting_audit.created_at',
        'accounting_audit.user_id',
        'accounting_audit.action',
        'accounting_audit.subject',
        'accounting_audit.detail',
        'users.first_name',
        'users.last_name',
      ])
      .orderBy('accounting_audit.id', 'desc')
      .limit(AUDIT_PAGE)
      .offset((opts.page - 1) * AUDIT_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalPages: Math.max(1, Math.ceil(Number(count.n) / AUDIT_PAGE)) };
}
