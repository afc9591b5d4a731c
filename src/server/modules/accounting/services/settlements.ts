import type { Selectable } from 'kysely';
import { ACCOUNTS, DEFAULT_CHART } from '../../../../shared/domain/accounting/chart';
import type { InvoicePayment } from '../../../../shared/domain/accounting/invoices';
import { toOre } from '../../../../shared/domain/accounting/money';
import {
  invoicedKinds,
  SETTLEMENT_LINE_MAX_CENTS,
  SETTLEMENT_MAX_LINES,
  type SettlementLineKind,
  type SettlementProvider,
} from '../../../../shared/domain/accounting/settlements';
import { type Db, inTransaction, lockedForUpdate, now } from '../../../platform/db';
import type { SettlementLinesTable, SettlementsTable } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { receivableAccount } from './invoices';
import { audit, postVoucher, type VoucherLineInput } from './ledger';
import { accountingSettings, rateOn } from './settings';

export type SettlementRow = Selectable<SettlementsTable>;
export type SettlementLineRow = Selectable<SettlementLinesTable>;

/** A movement of a settlement as the provider reports it. */
export interface SettlementLineFacts {
  kind: SettlementLineKind;
  reference: string;
  date: string;
  /** Gross euro cents: positive taken in for us, negative paid out. */
  amountCents: number;
  /** The provider's fee on it: positive charged, negative given back. */
  feeCents: number;
  /** The shop's order the provider names (Stripe: by the payment's metadata or the order's payment). */
  orderId: number | null;
  /** The invoice number the provider names (PayPal's invoice id). */
  invoiceNumber: number | null;
  text: string;
}

/** A settlement as the provider reports it: a payout to the bank, or a day of a PayPal account. */
export interface SettlementFacts {
  provider: SettlementProvider;
  reference: string;
  date: string;
  /** What reached the account it settles into: the bank for a payout, the PayPal balance for a report. */
  amountCents: number;
  lines: SettlementLineFacts[];
}

/** The account a provider's settlement lands in: Stripe pays out to the bank; PayPal keeps a balance of its own. */
const settlementAccount = (provider: string): number => (provider === 'stripe' ? ACCOUNTS.bank : ACCOUNTS.paypal);

/** A line waits for a person while it is neither matched to an invoice nor placed on an account. */
export const waits = (line: Pick<SettlementLineRow, 'kind' | 'invoice_id' | 'account' | 'amount_cents'>): boolean =>
  line.invoice_id === null &&
  line.account === null &&
  line.amount_cents !== 0 &&
  (invoicedKinds.includes(line.kind as SettlementLineKind) || line.kind === 'other');

const checkFacts = (facts: SettlementFacts) => {
  if (facts.lines.length > SETTLEMENT_MAX_LINES) {
    throw new AppError('INVALID_REQUEST', `A settlement holds at most ${SETTLEMENT_MAX_LINES} movements`);
  }
  const net = facts.lines.reduce((sum, line) => sum + line.amountCents - line.feeCents, 0);
  const bounded = facts.lines.every(
    (line) =>
      Number.isSafeInteger(line.amountCents) &&
      Number.isSafeInteger(line.feeCents) &&
      Math.abs(line.amountCents) <= SETTLEMENT_LINE_MAX_CENTS &&
      Math.abs(line.feeCents) <= SETTLEMENT_LINE_MAX_CENTS,
  );
  if (!bounded) throw new AppError('INVALID_REQUEST', 'An amount of the settlement is out of range');
  if (net !== facts.amountCents) {
    throw new AppError(
      'INVALID_REQUEST',
      'The settlement does not add up: its movements less fees differ from its total',
    );
  }
};

/**
 * Takes a provider's settlement into the books, in the caller's transaction: stored with its movements (once: the
 * same payout or report heard again is the one already stored), each sale, refund and dispute matched to its invoice,
 * and booked if nothing waits for a person. Answers the settlement, and whether it was new.
 */
export async function receiveSettlement(
  trx: Db,
  siteId: number,
  facts: SettlementFacts,
  userId: number | null = null,
): Promise<{ settlement: SettlementRow; created: boolean }> {
  checkFacts(facts);
  const at = now();
  const inserted = await trx
    .insertInto('settlements')
    .values({
      site_id: siteId,
      provider: facts.provider,
      reference: facts.reference,
      date: facts.date,
      currency: 'EUR',
      amount_cents: facts.amountCents,
      fee_cents: facts.lines.reduce((sum, line) => sum + line.feeCents, 0),
      status: 'unmatched',
      voucher_id: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['site_id', 'provider', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    for (let start = 0; start < facts.lines.length; start += 500) {
      await trx
        .insertInto('settlement_lines')
        .values(
          facts.lines.slice(start, start + 500).map((line, index) => ({
            site_id: siteId,
            settlement_id: inserted.id,
            position: start + index + 1,
            kind: line.kind,
            reference: line.reference,
            date: line.date,
            amount_cents: line.amountCents,
            fee_cents: line.feeCents,
            order_id: line.orderId,
            invoice_number: line.invoiceNumber,
            invoice_id: null,
            account: null,
            text: line.text.slice(0, 200),
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    }
    await audit(trx, {
      siteId,
      userId,
      action: 'settlement',
      subject: `${facts.provider} ${facts.reference}`,
      detail: { amountCents: facts.amountCents, lines: facts.lines.length },
    });
  }
  const settlement = await settlementRow(trx, siteId, { provider: facts.provider, reference: facts.reference });
  return { settlement: await bookIfMatched(trx, settlement, userId), created: inserted !== undefined };
}

async function settlementRow(
  trx: Db,
  siteId: number,
  by: { id: number } | { provider: string; reference: string },
): Promise<SettlementRow> {
  let query = trx.selectFrom('settlements').selectAll().where('site_id', '=', siteId);
  query =
    'id' in by
      ? query.where('id', '=', by.id)
      : query.where('provider', '=', by.provider).where('reference', '=', by.reference);
  const row = await lockedForUpdate(trx, query).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such settlement');
  return row;
}

const linesOf = (trx: Db, settlementId: number) =>
  trx
    .selectFrom('settlement_lines')
    .selectAll()
    .where('settlement_id', '=', settlementId)
    .orderBy('position')
    .execute();

interface MatchedInvoice {
  id: number;
  number: number | null;
  order_id: number | null;
  payment: string;
  status: string;
  rate_e4: number;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  paid_cents: number;
}

/** What a document put on its receivable, in öre: its net and its VAT, each converted and rounded as booked. */
const bookedOre = (document: Pick<MatchedInvoice, 'net_cents' | 'vat_cents' | 'rate_e4'>) =>
  toOre(document.net_cents, document.rate_e4) + toOre(document.vat_cents, document.rate_e4);

/** The sale invoices of orders, and invoices by number, in a few queries however many lines ask. */
async function invoicesFor(trx: Db, siteId: number, lines: SettlementLineRow[]) {
  const columns = [
    'id',
    'number',
    'order_id',
    'payment',
    'status',
    'rate_e4',
    'net_cents',
    'vat_cents',
    'total_cents',
    'paid_cents',
  ] as const;
  const byOrder = new Map<number, MatchedInvoice>();
  const byNumber = new Map<number, MatchedInvoice>();
  const byId = new Map<number, MatchedInvoice>();
  const chunks = <T>(values: T[]) =>
    Array.from({ length: Math.ceil(values.length / 500) }, (_, i) => values.slice(i * 500, i * 500 + 500));
  const orders = [...new Set(lines.flatMap((line) => (line.order_id === null ? [] : [line.order_id])))];
  const numbers = [...new Set(lines.flatMap((line) => (line.invoice_number === null ? [] : [line.invoice_number])))];
  const ids = [...new Set(lines.flatMap((line) => (line.invoice_id === null ? [] : [line.invoice_id])))];
  const base = () =>
    trx.selectFrom('invoices').select(columns).where('site_id', '=', siteId).where('kind', '=', 'invoice');
  for (const chunk of chunks(orders)) {
    for (const row of await base().where('order_id', 'in', chunk).execute()) {
      if (row.order_id !== null) byOrder.set(row.order_id, row);
    }
  }
  for (const chunk of chunks(numbers)) {
    for (const row of await base().where('number', 'in', chunk).execute()) {
      if (row.number !== null) byNumber.set(row.number, row);
    }
  }
  for (const chunk of chunks(ids)) {
    for (const row of await base().where('id', 'in', chunk).execute()) byId.set(row.id, row);
  }
  return { byOrder, byNumber, byId };
}

/** The credit notes of invoices, by the invoice they credit. */
async function creditNotesOf(trx: Db, siteId: number, invoiceIds: number[]) {
  const notes = new Map<number, Pick<MatchedInvoice, 'net_cents' | 'vat_cents' | 'rate_e4' | 'total_cents'>[]>();
  for (let start = 0; start < invoiceIds.length; start += 500) {
    const rows = await trx
      .selectFrom('invoices')
      .select(['credits_invoice_id', 'net_cents', 'vat_cents', 'rate_e4', 'total_cents'])
      .where('site_id', '=', siteId)
      .where('credits_invoice_id', 'in', invoiceIds.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      if (row.credits_invoice_id !== null)
        notes.set(row.credits_invoice_id, [...(notes.get(row.credits_invoice_id) ?? []), row]);
    }
  }
  return notes;
}

/**
 * Matches what a settlement's lines name to invoices, and books it once nothing waits: one voucher with the money
 * that reached the bank (or the PayPal balance) and the fees at the day's rate, each sale, refund and dispute at the
 * rate its invoice was booked at (so the card receivable is cleared exactly), lines placed by a person on their
 * accounts, and the difference as an exchange gain or loss. A payment of an invoice to pay (PayPal) is recorded on it.
 */
async function bookIfMatched(trx: Db, settlement: SettlementRow, userId: number | null): Promise<SettlementRow> {
  if (settlement.status === 'booked') return settlement;
  const lines = await linesOf(trx, settlement.id);
  const invoices = await invoicesFor(trx, settlement.site_id, lines);
  const at = now();
  // What this settlement's earlier lines already pay of an invoice to pay.
  const claimed = new Map<number, number>();
  for (const line of lines) {
    if (!waits(line) || !invoicedKinds.includes(line.kind as SettlementLineKind)) continue;
    const invoice =
      (line.order_id !== null ? invoices.byOrder.get(line.order_id) : undefined) ??
      (line.invoice_number !== null ? invoices.byNumber.get(line.invoice_number) : undefined);
    if (!invoice) continue;
    // A payment of an invoice to pay must find it waiting for at least that much.
    if (line.kind === 'charge' && invoice.payment === 'invoice') {
      const due = invoice.total_cents - invoice.paid_cents - (claimed.get(invoice.id) ?? 0);
      if (invoice.status !== 'sent' || line.amount_cents > due) continue;
      claimed.set(invoice.id, (claimed.get(invoice.id) ?? 0) + line.amount_cents);
    }
    line.invoice_id = invoice.id;
    invoices.byId.set(invoice.id, invoice);
    await trx
      .updateTable('settlement_lines')
      .set({ invoice_id: invoice.id, updated_at: at })
      .where('id', '=', line.id)
      .execute();
  }
  if (lines.some(waits)) return settlement;

  const settings = await accountingSettings(trx, { id: settlement.site_id, title: '' });
  const rate = await rateOn(trx, settlement.date, settings.default_rate_e4);
  const entries: VoucherLineInput[] = [
    {
      account: settlementAccount(settlement.provider),
      amountOre: toOre(settlement.amount_cents, rate),
      currencyCents: settlement.amount_cents,
    },
    {
      account: ACCOUNTS.providerFees,
      amountOre: toOre(settlement.fee_cents, rate),
      currencyCents: settlement.fee_cents,
    },
  ];
  const notes = await creditNotesOf(trx, settlement.site_id, [...invoices.byId.keys()]);
  // A sale or refund of a whole document clears what that document put on the receivable, to the öre (its net and
  // VAT were rounded apart); a part of one, its amount at the document's rate.
  const receivableOre = (line: SettlementLineRow, invoice: MatchedInvoice) => {
    if (line.kind === 'charge' && line.amount_cents === invoice.total_cents) return bookedOre(invoice);
    const note =
      line.kind === 'refund' ? notes.get(invoice.id)?.find((n) => n.total_cents === line.amount_cents) : undefined;
    return note ? bookedOre(note) : toOre(line.amount_cents, invoice.rate_e4);
  };
  for (const line of lines) {
    const invoice = line.invoice_id === null ? undefined : invoices.byId.get(line.invoice_id);
    if (invoice) {
      const disputed = line.kind === 'dispute' || line.kind === 'dispute_reversal';
      entries.push({
        account: disputed ? ACCOUNTS.disputedReceivables : receivableAccount(invoice.payment as InvoicePayment),
        amountOre: -receivableOre(line, invoice),
        currencyCents: -line.amount_cents,
      });
      if (line.kind === 'charge' && invoice.payment === 'invoice') {
        await recordProviderPayment(trx, settlement, { ...line, invoice_id: invoice.id });
      }
    } else if (line.account !== null) {
      entries.push({
        account: line.account,
        amountOre: -toOre(line.amount_cents, rate),
        currencyCents: -line.amount_cents,
      });
    } else if (line.kind === 'transfer') {
      entries.push({
        account: ACCOUNTS.bank,
        amountOre: -toOre(line.amount_cents, rate),
        currencyCents: -line.amount_cents,
      });
    }
  }
  const voucherLines = mergedByAccount(entries);
  const difference = voucherLines.reduce((sum, line) => sum + line.amountOre, 0);
  if (difference !== 0) {
    voucherLines.push({
      account: difference < 0 ? ACCOUNTS.exchangeLosses : ACCOUNTS.exchangeGains,
      amountOre: -difference,
    });
  }
  await ensureAccounts(trx, settlement.site_id, [ACCOUNTS.disputedReceivables, ACCOUNTS.paypal]);
  const name = settlement.provider === 'stripe' ? 'Stripe' : 'PayPal';
  const text = `${name} ${settlement.reference}`;
  const voucher = await postVoucher(trx, {
    siteId: settlement.site_id,
    date: settlement.date,
    text: settlement.provider === 'stripe' ? `Utbetalning ${text}` : `Avräkning ${text}`,
    source: 'payout',
    sourceId: settlement.id,
    lines: voucherLines.map((line) => ({ ...line, text })),
    userId,
  });
  return trx
    .updateTable('settlements')
    .set({ status: 'booked', voucher_id: voucher.id, updated_at: now() })
    .where('id', '=', settlement.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Voucher lines summed per account (a payout of a thousand sales books one line for the card receivable). */
function mergedByAccount(entries: VoucherLineInput[]): VoucherLineInput[] {
  const byAccount = new Map<number, VoucherLineInput>();
  for (const entry of entries) {
    const found = byAccount.get(entry.account);
    if (!found) {
      byAccount.set(entry.account, { ...entry, currencyCents: entry.currencyCents ?? null });
      continue;
    }
    found.amountOre += entry.amountOre;
    found.currencyCents = (found.currencyCents ?? 0) + (entry.currencyCents ?? 0);
  }
  return [...byAccount.values()];
}

/** A provider's payment of an invoice to pay: recorded on the invoice (its voucher line is the settlement's). */
async function recordProviderPayment(
  trx: Db,
  settlement: SettlementRow,
  line: SettlementLineRow & { invoice_id: number },
) {
  const at = now();
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'total_cents', 'paid_cents'])
    .where('id', '=', line.invoice_id)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('invoice_payments')
    .values({
      site_id: settlement.site_id,
      invoice_id: invoice.id,
      date: line.date,
      amount_cents: line.amount_cents,
      method: settlement.provider,
      reference: line.reference,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const full = invoice.paid_cents + line.amount_cents >= invoice.total_cents;
  await trx
    .updateTable('invoices')
    .set((eb) => ({
      paid_cents: eb('paid_cents', '+', line.amount_cents),
      status: full ? 'paid' : 'sent',
      paid_at: full ? at : null,
      updated_at: at,
    }))
    .where('id', '=', invoice.id)
    .execute();
}

/** Accounts the books post to that a chart made before them may lack, added from the default chart. */
async function ensureAccounts(trx: Db, siteId: number, numbers: number[]): Promise<void> {
  const at = now();
  await trx
    .insertInto('accounts')
    .values(
      DEFAULT_CHART.filter((account) => numbers.includes(account.number)).map((account) => ({
        site_id: siteId,
        number: account.number,
        name: account.name,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['site_id', 'number']).doNothing())
    .execute();
}

/**
 * A person resolves a line that waits: names the order or the invoice number it belongs to, or the account it goes
 * to. The settlement is booked as soon as nothing in it waits any more.
 */
export async function resolveSettlementLine(
  db: Db,
  opts: {
    siteId: number;
    lineId: number;
    orderId: number | null;
    invoiceNumber: number | null;
    account: number | null;
    userId: number;
  },
): Promise<SettlementRow> {
  return inTransaction(db, async (trx) => {
    const line = await trx
      .selectFrom('settlement_lines')
      .selectAll()
      .where('site_id', '=', opts.siteId)
      .where('id', '=', opts.lineId)
      .executeTakeFirst();
    if (!line) throw new AppError('NOT_FOUND', 'No such settlement line');
    const settlement = await settlementRow(trx, opts.siteId, { id: line.settlement_id });
    if (settlement.status === 'booked' || !waits(line)) {
      throw new AppError('INVALID_STATE', 'This line is settled already');
    }
    const named = [opts.orderId, opts.invoiceNumber, opts.account].filter((value) => value !== null).length;
    if (named !== 1) throw new AppError('INVALID_REQUEST', 'Name one of an order, an invoice number or an account');
    if (opts.account !== null) {
      const account = await trx
        .selectFrom('accounts')
        .select('active')
        .where('site_id', '=', opts.siteId)
        .where('number', '=', opts.account)
        .executeTakeFirst();
      if (!account?.active) throw new AppError('NOT_FOUND', `No account ${opts.account}`);
    } else if (line.kind === 'other') {
      throw new AppError('INVALID_REQUEST', 'This movement is placed on an account, not an invoice');
    }
    await trx
      .updateTable('settlement_lines')
      .set({
        order_id: opts.orderId ?? line.order_id,
        invoice_number: opts.invoiceNumber ?? line.invoice_number,
        account: opts.account,
        updated_at: now(),
      })
      .where('id', '=', line.id)
      .execute();
    // Named by order or invoice number, the line must now match an invoice.
    if (opts.account === null) {
      const retried = { ...line, order_id: opts.orderId, invoice_number: opts.invoiceNumber };
      const found = await invoicesFor(trx, opts.siteId, [retried]);
      const invoice =
        (opts.orderId !== null ? found.byOrder.get(opts.orderId) : undefined) ??
        (opts.invoiceNumber !== null ? found.byNumber.get(opts.invoiceNumber) : undefined);
      if (!invoice) throw new AppError('NOT_FOUND', 'No invoice of that order or number');
    }
    await audit(trx, {
      siteId: opts.siteId,
      userId: opts.userId,
      action: 'settlement line resolved',
      subject: `${settlement.provider} ${settlement.reference}`,
      detail: { lineId: line.id, orderId: opts.orderId, invoiceNumber: opts.invoiceNumber, account: opts.account },
    });
    return bookIfMatched(trx, settlement, opts.userId);
  });
}

/** A site's settlements, each with how many lines it holds. */
const settlementsOf = (db: Db, siteId: number) =>
  db
    .selectFrom('settlements')
    .selectAll('settlements')
    .select((eb) => [
      eb
        .selectFrom('settlement_lines')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('settlement_lines.settlement_id', '=', 'settlements.id')
        .as('line_count'),
    ])
    .where('site_id', '=', siteId);

/** A page of a provider's settlements, newest first, with how many lines each holds. */
export async function listSettlements(db: Db, opts: { siteId: number; provider: SettlementProvider; page: number }) {
  const PAGE = 50;
  const [rows, count] = await Promise.all([
    settlementsOf(db, opts.siteId)
      .where('provider', '=', opts.provider)
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(PAGE)
      .offset((opts.page - 1) * PAGE)
      .execute(),
    db
      .selectFrom('settlements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', opts.siteId)
      .where('provider', '=', opts.provider)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalPages: Math.max(1, Math.ceil(Number(count.n) / PAGE)) };
}

/** One settlement of a site with how many lines it holds, without reading them. */
export async function settlementSummary(db: Db, siteId: number, id: number) {
  const row = await settlementsOf(db, siteId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such settlement');
  return row;
}

/** A settlement with its lines, each with the invoice number it is matched to. */
export async function settlementDetail(db: Db, siteId: number, id: number) {
  const settlement = await db
    .selectFrom('settlements')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!settlement) throw new AppError('NOT_FOUND', 'No such settlement');
  const lines = await db
    .selectFrom('settlement_lines')
    .leftJoin('invoices', 'invoices.id', 'settlement_lines.invoice_id')
    .selectAll('settlement_lines')
    .select('invoices.number as matched_number')
    .where('settlement_lines.settlement_id', '=', id)
    .orderBy('settlement_lines.position')
    .execute();
  return { settlement, lines };
}

/** Which of a provider's settlements the books hold already, by reference. */
export async function settledReferences(
  db: Db,
  siteId: number,
  provider: SettlementProvider,
  references: string[],
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .selectFrom('settlements')
    .select('reference')
    .where('site_id', '=', siteId)
    .where('provider', '=', provider)
    .where('reference', 'in', references)
    .execute();
  return new Set(rows.map((row) => row.reference));
}
