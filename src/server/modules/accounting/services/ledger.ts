import type { AuditAction } from '../../../../shared/domain/accounting/audit';
import { DEFAULT_CHART } from '../../../../shared/domain/accounting/chart';
import { type Db, inTransaction, lockedForUpdate, now } from '../../../platform/db';
import { AppError } from '../../../platform/errors';

/** What a voucher books, for its link to the source document. */
export type VoucherSource = 'invoice' | 'credit_note' | 'payment' | 'refund' | 'fee' | 'payout' | 'exchange' | 'manual';

/** Series: A the books' own postings, M manual vouchers (each numbered from 1 in every fiscal year). */
export const SERIES = { automatic: 'A', manual: 'M' } as const;

export interface VoucherLineInput {
  account: number;
  /** Debit positive, credit negative, in SEK öre. */
  amountOre: number;
  currencyCents?: number | null;
  vatCountry?: string | null;
  text?: string;
}

export interface VoucherInput {
  siteId: number;
  date: string;
  text: string;
  source: VoucherSource;
  sourceId: number | null;
  lines: VoucherLineInput[];
  userId: number | null;
  correctsVoucherId?: number | null;
}

/** A day as YYYY-MM-DD in UTC. */
export const dayOf = (iso: string): string => iso.slice(0, 10);

/**
 * The next number of a gapless series, taken inside the caller's transaction: the counter's row stays locked until
 * it commits (PostgreSQL) or the transaction is the only writer (SQLite), so two processes never share a number,
 * and a transaction that rolls back gives its number back.
 */
export async function nextNumber(trx: Db, siteId: number, key: string): Promise<number> {
  const at = now();
  await trx
    .insertInto('number_series')
    .values({ site_id: siteId, key, next: 1, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['site_id', 'key']).doNothing())
    .execute();
  const row = await trx
    .updateTable('number_series')
    .set((eb) => ({ next: eb('next', '+', 1), updated_at: at }))
    .where('site_id', '=', siteId)
    .where('key', '=', key)
    .returning('next')
    .executeTakeFirstOrThrow();
  return row.next - 1;
}

/** A site's chart, made from the default one the first time the books are used. */
export async function ensureChart(trx: Db, siteId: number): Promise<void> {
  const any = await trx.selectFrom('accounts').select('id').where('site_id', '=', siteId).limit(1).executeTakeFirst();
  if (any) return;
  const at = now();
  await trx
    .insertInto('accounts')
    .values(
      DEFAULT_CHART.map((a) => ({ site_id: siteId, number: a.number, name: a.name, created_at: at, updated_at: at })),
    )
    .onConflict((oc) => oc.columns(['site_id', 'number']).doNothing())
    .execute();
}

/** The fiscal year a day falls in; a calendar year is opened for a day no year covers yet. */
export async function fiscalYearOf(trx: Db, siteId: number, date: string) {
  const found = await trx
    .selectFrom('fiscal_years')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('start_date', '<=', date)
    .where('end_date', '>=', date)
    .executeTakeFirst();
  if (found) return found;
  const at = now();
  const year = date.slice(0, 4);
  await trx
    .insertInto('fiscal_years')
    .values({
      site_id: siteId,
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      locked_through: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['site_id', 'start_date']).doNothing())
    .execute();
  return trx
    .selectFrom('fiscal_years')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('start_date', '<=', date)
    .where('end_date', '>=', date)
    .executeTakeFirstOrThrow();
}

/** The last day of a site's closed periods, or null when none is closed. */
export async function lockedThrough(db: Db, siteId: number): Promise<string | null> {
  const row = await db
    .selectFrom('fiscal_years')
    .select((eb) => eb.fn.max('locked_through').as('through'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return (row?.through as string | null | undefined) ?? null;
}

/** A YYYY-MM-DD day so many days later (earlier, for a negative count). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

export const nextDay = (date: string): string => addDays(date, 1);

/**
 * Appends a balanced voucher, numbered next in its series and fiscal year, with its lines and an audit line. A
 * manual voucher dated in a closed period is refused (PERIOD_CLOSED); the books' own postings (a sale heard after
 * its month was closed) are dated on the first open day instead, so that no sale goes unbooked.
 */
export async function postVoucher(trx: Db, input: VoucherInput): Promise<{ id: number; number: number; date: string }> {
  const lines = input.lines.filter((line) => line.amountOre !== 0 || (line.currencyCents ?? 0) !== 0);
  if (lines.length < 2 || lines.reduce((sum, line) => sum + line.amountOre, 0) !== 0) {
    throw new AppError('UNBALANCED', 'Debits and credits must be equal');
  }
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountOre)) throw new AppError('INVALID_REQUEST', 'An amount is out of range');
  }
  await ensureChart(trx, input.siteId);
  const known = new Set(
    (
      await trx
        .selectFrom('accounts')
        .select('number')
        .where('site_id', '=', input.siteId)
        .where(
          'number',
          'in',
          lines.map((line) => line.account),
        )
        .execute()
    ).map((row) => row.number),
  );
  const unknown = lines.find((line) => !known.has(line.account));
  if (unknown) throw new AppError('NOT_FOUND', `No account ${unknown.account}`);

  // Years locked while this posts: a period closed meanwhile is seen (PostgreSQL waits for the closing to commit).
  await lockedForUpdate(trx, trx.selectFrom('fiscal_years').select('id').where('site_id', '=', input.siteId)).execute();
  let date = input.date;
  const through = await lockedThrough(trx, input.siteId);
  if (through !== null && date <= through) {
    if (input.source === 'manual') throw new AppError('PERIOD_CLOSED', 'That date is in a closed period');
    date = nextDay(through);
  }
  const year = await fiscalYearOf(trx, input.siteId, date);
  const series = input.source === 'manual' ? SERIES.manual : SERIES.automatic;
  const number = await nextNumber(trx, input.siteId, `voucher:${year.id}:${series}`);
  const at = now();
  const voucher = await trx
    .insertInto('vouchers')
    .values({
      site_id: input.siteId,
      fiscal_year_id: year.id,
      series,
      number,
      date,
      text: input.text,
      source_kind: input.source,
      source_id: input.sourceId,
      corrects_voucher_id: input.correctsVoucherId ?? null,
      created_by_user_id: input.userId,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('voucher_lines')
    .values(
      lines.map((line) => ({
        site_id: input.siteId,
        voucher_id: voucher.id,
        date,
        account: line.account,
        amount_ore: line.amountOre,
        currency_cents: line.currencyCents ?? null,
        vat_country: line.vatCountry ?? null,
        text: line.text ?? '',
      })),
    )
    .execute();
  await audit(trx, {
    siteId: input.siteId,
    userId: input.userId,
    action: 'voucher',
    subject: `${series}${number}`,
    detail: { voucherId: voucher.id, date, source: input.source, sourceId: input.sourceId },
  });
  return { id: voucher.id, number, date };
}

/** A line of the audit trail: appended, never changed (a trigger refuses it). */
export async function audit(
  trx: Db,
  entry: {
    siteId: number;
    userId: number | null;
    action: AuditAction;
    subject: string;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  const at = now();
  await trx
    .insertInto('accounting_audit')
    .values({
      site_id: entry.siteId,
      user_id: entry.userId,
      action: entry.action,
      subject: entry.subject,
      detail: JSON.stringify(entry.detail),
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** Adds an account to a site's chart or renames it; an account with postings stays (inactive, if asked). */
export async function saveAccount(
  db: Db,
  opts: { siteId: number; userId: number; number: number; name: string; active: boolean },
): Promise<void> {
  const at = now();
  await inTransaction(db, async (trx) => {
    await ensureChart(trx, opts.siteId);
    await trx
      .insertInto('accounts')
      .values({
        site_id: opts.siteId,
        number: opts.number,
        name: opts.name,
        active: opts.active ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['site_id', 'number']).doUpdateSet({ name: opts.name, active: opts.active ? 1 : 0, updated_at: at }),
      )
      .execute();
    await audit(trx, {
      siteId: opts.siteId,
      userId: opts.userId,
      action: 'account saved',
      subject: `account ${opts.number}`,
      detail: { name: opts.name, active: opts.active },
    });
  });
}

/**
 * Closes the books through a day: no voucher can be dated on or before it any more. Closing only moves forward
 * (a closed period is never opened again) and never into the future.
 */
export async function closeBooksThrough(db: Db, opts: { siteId: number; userId: number; through: string }) {
  if (opts.through >= dayOf(now())) throw new AppError('INVALID_STATE', 'Only a period that has ended can be closed');
  await inTransaction(db, async (trx) => {
    const year = await fiscalYearOf(trx, opts.siteId, opts.through);
    await lockedForUpdate(
      trx,
      trx.selectFrom('fiscal_years').select('id').where('site_id', '=', opts.siteId),
    ).execute();
    const through = await lockedThrough(trx, opts.siteId);
    if (through !== null && through >= opts.through) {
      throw new AppError('INVALID_STATE', 'The books are already closed through a later day');
    }
    const at = now();
    // Every year before it is closed whole; its own year through the day.
    await trx
      .updateTable('fiscal_years')
      .set({ locked_through: opts.through, updated_at: at })
      .where('site_id', '=', opts.siteId)
      .where('id', '=', year.id)
      .execute();
    await trx
      .updateTable('fiscal_years')
      .set((eb) => ({ locked_through: eb.ref('end_date'), updated_at: at }))
      .where('site_id', '=', opts.siteId)
      .where('end_date', '<', year.start_date)
      .execute();
    await audit(trx, {
      siteId: opts.siteId,
      userId: opts.userId,
      action: 'period closed',
      subject: `through ${opts.through}`,
      detail: { through: opts.through },
    });
  });
}

/** A manual voucher (series M), in a transaction of its own; a correction names a voucher of the same site. */
export async function postManualVoucher(db: Db, input: VoucherInput & { source: 'manual' }) {
  return inTransaction(db, async (trx) => {
    if (input.correctsVoucherId) {
      const corrected = await trx
        .selectFrom('vouchers')
        .select('id')
        .where('site_id', '=', input.siteId)
        .where('id', '=', input.correctsVoucherId)
        .executeTakeFirst();
      if (!corrected) throw new AppError('NOT_FOUND', 'No such voucher');
    }
    return postVoucher(trx, input);
  });
}
