import { isBalanceAccount } from '../../../../shared/domain/accounting/chart';
import type { Db } from '../../../platform/db';
import { nextDay } from './ledger';

export interface Period {
  from: string;
  to: string;
}

export interface ReportRow {
  account: number;
  name: string;
  openingOre: number;
  changeOre: number;
  closingOre: number;
  previousOre: number;
}

/** The same day a year earlier (29 February becomes the 28th). */
export function yearEarlier(day: string): string {
  const [year, month, date] = day.split('-') as [string, string, string];
  const previous = `${Number(year) - 1}`.padStart(4, '0');
  return month === '02' && date === '29' ? `${previous}-02-28` : `${previous}-${month}-${date}`;
}

/** The first day of the fiscal year a day falls in (a calendar year where none is open). */
async function yearStart(db: Db, siteId: number, day: string): Promise<string> {
  const year = await db
    .selectFrom('fiscal_years')
    .select('start_date')
    .where('site_id', '=', siteId)
    .where('start_date', '<=', day)
    .where('end_date', '>=', day)
    .executeTakeFirst();
  return year?.start_date ?? `${day.slice(0, 4)}-01-01`;
}

/** Each account's sum of lines in [from, to) — `from` null: since the beginning. One index range per account. */
export async function sums(
  db: Db,
  siteId: number,
  from: string | null,
  toExclusive: string,
): Promise<Map<number, number>> {
  let query = db
    .selectFrom('voucher_lines')
    .select(['account', (eb) => eb.fn.sum<number>('amount_ore').as('sum')])
    .where('site_id', '=', siteId)
    .where('date', '<', toExclusive)
    .groupBy('account');
  if (from !== null) query = query.where('date', '>=', from);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.account, Number(row.sum)]));
}

/**
 * The balance report (classes 1–2) or the income report (classes 3–8) of a period. A balance account opens with all
 * that was booked on it before the period; an income account with what was booked on it since its fiscal year
 * began. The comparison is the same period a year earlier: its closing balance, or its change.
 */
export async function report(db: Db, siteId: number, kind: 'balance' | 'income', period: Period): Promise<ReportRow[]> {
  const end = nextDay(period.to);
  const previous = { from: yearEarlier(period.from), to: yearEarlier(period.to) };
  const [accounts, opening, change, previousChange, previousOpening] = await Promise.all([
    db.selectFrom('accounts').select(['number', 'name']).where('site_id', '=', siteId).orderBy('number').execute(),
    kind === 'balance'
      ? sums(db, siteId, null, period.from)
      : yearStart(db, siteId, period.from).then((start) => sums(db, siteId, start, period.from)),
    sums(db, siteId, period.from, end),
    sums(db, siteId, previous.from, nextDay(previous.to)),
    kind === 'balance' ? sums(db, siteId, null, previous.from) : Promise.resolve(new Map<number, number>()),
  ]);
  const rows: ReportRow[] = [];
  for (const account of accounts) {
    if (isBalanceAccount(account.number) !== (kind === 'balance')) continue;
    const openingOre = opening.get(account.number) ?? 0;
    const changeOre = change.get(account.number) ?? 0;
    const previousOre =
      kind === 'balance'
        ? (previousOpening.get(account.number) ?? 0) + (previousChange.get(account.number) ?? 0)
        : (previousChange.get(account.number) ?? 0);
    if (openingOre === 0 && changeOre === 0 && previousOre === 0) continue;
    rows.push({
      account: account.number,
      name: account.name,
      openingOre,
      changeOre,
      closingOre: openingOre + changeOre,
      previousOre,
    });
  }
  return rows;
}

export interface MainbookAccount {
  account: number;
  name: string;
  openingOre: number;
  lines: { voucherId: number; voucher: string; date: string; text: string; amountOre: number; balanceOre: number }[];
  closingOre: number;
}

/** Lines of the main book a page: a year of a busy account runs to hundreds of thousands. */
export const MAINBOOK_PAGE = 2000;

/**
 * A page of the main book of a period: the transactions of every account (or the one asked for) in account, date and
 * entry order, each with the account's running balance. An account opens with its balance before the period
 * (balance accounts since the beginning, the others since their fiscal year began); an account a page takes up in
 * the middle opens with its balance at the page's first line.
 */
export async function mainbook(
  db: Db,
  siteId: number,
  period: Period,
  opts: { account?: number | undefined; page: number },
): Promise<{ accounts: MainbookAccount[]; totalPages: number }> {
  const start = await yearStart(db, siteId, period.from);
  let inPeriod = db
    .selectFrom('voucher_lines')
    .where('voucher_lines.site_id', '=', siteId)
    .where('voucher_lines.date', '>=', period.from)
    .where('voucher_lines.date', '<=', period.to);
  if (opts.account !== undefined) inPeriod = inPeriod.where('voucher_lines.account', '=', opts.account);
  const [rows, count, names, openingBalance, openingResult] = await Promise.all([
    inPeriod
      .innerJoin('vouchers', 'vouchers.id', 'voucher_lines.voucher_id')
      .select([
        'voucher_lines.id',
        'voucher_lines.account',
        'voucher_lines.date',
        'voucher_lines.amount_ore',
        'voucher_lines.text',
        'vouchers.id as voucher_id',
        'vouchers.series',
        'vouchers.number',
        'vouchers.text as voucher_text',
      ])
      .orderBy('voucher_lines.account')
      .orderBy('voucher_lines.date')
      .orderBy('voucher_lines.id')
      .limit(MAINBOOK_PAGE)
      .offset((opts.page - 1) * MAINBOOK_PAGE)
      .execute(),
    inPeriod.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    db.selectFrom('accounts').select(['number', 'name']).where('site_id', '=', siteId).execute(),
    sums(db, siteId, null, period.from),
    sums(db, siteId, start, period.from),
  ]);
  // The account the page takes up in the middle: what its lines of the period before the page's first added up to.
  const first = rows[0];
  let carried = 0;
  if (first && opts.page > 1) {
    const before = await db
      .selectFrom('voucher_lines')
      .select((eb) => eb.fn.sum<number>('amount_ore').as('sum'))
      .where('site_id', '=', siteId)
      .where('account', '=', first.account)
      .where('date', '>=', period.from)
      .where((eb) =>
        eb.or([eb('date', '<', first.date), eb.and([eb('date', '=', first.date), eb('id', '<', first.id)])]),
      )
      .executeTakeFirst();
    carried = Number(before?.sum ?? 0);
  }
  const nameOf = new Map(names.map((row) => [row.number, row.name]));
  const books = new Map<number, MainbookAccount>();
  for (const row of rows) {
    let book = books.get(row.account);
    if (!book) {
      const opening =
        ((isBalanceAccount(row.account) ? openingBalance : openingResult).get(row.account) ?? 0) +
        (row === first ? carried : 0);
      book = {
        account: row.account,
        name: nameOf.get(row.account) ?? '',
        openingOre: opening,
        lines: [],
        closingOre: opening,
      };
      books.set(row.account, book);
    }
    book.closingOre += Number(row.amount_ore);
    book.lines.push({
      voucherId: row.voucher_id,
      voucher: `${row.series}${row.number}`,
      date: row.date,
      text: row.text || row.voucher_text,
      amountOre: Number(row.amount_ore),
      balanceOre: book.closingOre,
    });
  }
  return { accounts: [...books.values()], totalPages: Math.max(1, Math.ceil(Number(count.count) / MAINBOOK_PAGE)) };
}
