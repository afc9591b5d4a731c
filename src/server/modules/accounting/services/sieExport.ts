import { Readable } from 'node:stream';
import { accountKind, isBalanceAccount } from '../../../../shared/domain/accounting/chart';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { type SieBalance, type SieVoucher, writeSie } from '../sie';
import { dayOf, nextDay } from './ledger';
import { sums } from './reports';
import { accountingSettings } from './settings';

/** Vouchers read from the database at a time while the file streams. */
const VOUCHER_BATCH = 500;

/**
 * The vouchers of a year, series by series in number order, read in batches as the file asks for them: each batch
 * one range of the (site, year, series, number) index, and its lines by their vouchers' ids.
 */
async function* vouchersOf(db: Db, siteId: number, yearId: number): AsyncGenerator<SieVoucher> {
  const series = await db
    .selectFrom('vouchers')
    .select('series')
    .distinct()
    .where('site_id', '=', siteId)
    .where('fiscal_year_id', '=', yearId)
    .orderBy('series')
    .execute();
  for (const { series: name } of series) {
    let after = 0;
    for (;;) {
      const vouchers = await db
        .selectFrom('vouchers')
        .select(['id', 'series', 'number', 'date', 'text', 'created_at'])
        .where('site_id', '=', siteId)
        .where('fiscal_year_id', '=', yearId)
        .where('series', '=', name)
        .where('number', '>', after)
        .orderBy('number')
        .limit(VOUCHER_BATCH)
        .execute();
      if (vouchers.length === 0) break;
      const lines = await db
        .selectFrom('voucher_lines')
        .select(['voucher_id', 'account', 'amount_ore', 'text'])
        .where(
          'voucher_id',
          'in',
          vouchers.map((voucher) => voucher.id),
        )
        .orderBy('id')
        .execute();
      const byVoucher = new Map<number, typeof lines>();
      for (const line of lines) {
        const list = byVoucher.get(line.voucher_id);
        if (list) list.push(line);
        else byVoucher.set(line.voucher_id, [line]);
      }
      for (const voucher of vouchers) {
        const registered = dayOf(voucher.created_at);
        yield {
          series: voucher.series,
          number: voucher.number,
          date: voucher.date,
          text: voucher.text,
          ...(registered !== voucher.date ? { registeredOn: registered } : {}),
          lines: (byVoucher.get(voucher.id) ?? []).map((line) => ({
            account: line.account,
            amountOre: Number(line.amount_ore),
            ...(line.text ? { text: line.text } : {}),
          })),
        };
      }
      after = vouchers.at(-1)?.number ?? after;
    }
  }
}

/**
 * A fiscal year as an SIE 4 file, streamed: the chart, the balance accounts' opening and closing balances, the
 * result accounts' year, and every voucher, read from the database a batch at a time as the file is sent.
 */
export async function exportSie(db: Db, site: { id: number; title: string }, yearId: number) {
  const year = await db
    .selectFrom('fiscal_years')
    .selectAll()
    .where('site_id', '=', site.id)
    .where('id', '=', yearId)
    .executeTakeFirst();
  if (!year) throw new AppError('NOT_FOUND', 'No such fiscal year');
  const [settings, accounts, before, during] = await Promise.all([
    accountingSettings(db, site),
    db.selectFrom('accounts').select(['number', 'name']).where('site_id', '=', site.id).orderBy('number').execute(),
    sums(db, site.id, null, year.start_date),
    sums(db, site.id, year.start_date, nextDay(year.end_date)),
  ]);
  const opening: SieBalance[] = [];
  const closing: SieBalance[] = [];
  const result: SieBalance[] = [];
  for (const { number } of accounts) {
    if (isBalanceAccount(number)) {
      const open = before.get(number) ?? 0;
      const close = open + (during.get(number) ?? 0);
      if (open !== 0) opening.push({ account: number, amountOre: open });
      if (close !== 0) closing.push({ account: number, amountOre: close });
    } else if ((during.get(number) ?? 0) !== 0) {
      result.push({ account: number, amountOre: during.get(number) ?? 0 });
    }
  }
  const file = writeSie(
    {
      programName: 'Learning platform',
      programVersion: '1.0',
      generatedOn: dayOf(new Date().toISOString()),
      companyName: settings.company_name,
      orgNumber: settings.org_number || null,
      fiscalYear: { start: year.start_date, end: year.end_date },
    },
    accounts.map((account) => ({ number: account.number, name: account.name, kind: accountKind(account.number) })),
    { opening, closing, result },
    vouchersOf(db, site.id, year.id),
  );
  return { name: `books-${year.start_date.slice(0, 4)}.se`, body: Readable.from(file) };
}
