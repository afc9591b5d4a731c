import type { Selectable } from 'kysely';
import { parseRateE4 } from '../../../../shared/domain/accounting/money';
import { type Db, inTransaction, now } from '../../../platform/db';
import type { AccountingSettingsTable } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { audit } from './ledger';

export type AccountingSettings = Omit<Selectable<AccountingSettingsTable>, 'id' | 'created_at' | 'updated_at'>;

/** SEK per EUR × 10,000 until rates are imported: a new site's default, editable. */
const DEFAULT_RATE_E4 = 110_000;

/** A site's seller details and choices: stored ones, or a new site's defaults named after the site. */
export async function accountingSettings(db: Db, site: { id: number; title: string }): Promise<AccountingSettings> {
  const row = await db.selectFrom('accounting_settings').selectAll().where('site_id', '=', site.id).executeTakeFirst();
  if (row) {
    const { id: _id, created_at: _c, updated_at: _u, ...settings } = row;
    return settings;
  }
  return {
    site_id: site.id,
    company_name: site.title,
    org_number: '',
    vat_number: '',
    address: '',
    email: '',
    bank_account: '',
    payment_terms_days: 30,
    swedish_vat_below_threshold: 0,
    default_rate_e4: DEFAULT_RATE_E4,
  };
}

/** Stores a site's seller details and choices, with a line in the audit trail. */
export async function saveAccountingSettings(
  db: Db,
  settings: AccountingSettings,
  userId: number | null,
): Promise<void> {
  const at = now();
  const { site_id: _site, ...values } = settings;
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('accounting_settings')
      .values({ ...settings, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('site_id').doUpdateSet({ ...values, updated_at: at }))
      .execute();
    await audit(trx, {
      siteId: settings.site_id,
      userId,
      action: 'settings changed',
      subject: 'settings',
      detail: values,
    });
  });
}

/**
 * SEK per EUR × 10,000 on a day: the rate of that day or the last before it; before any imported rate, the first
 * one after it; with none imported at all, the site's default.
 */
export async function rateOn(db: Db, date: string, fallbackE4: number): Promise<number> {
  const before = await db
    .selectFrom('exchange_rates')
    .select('rate_e4')
    .where('currency', '=', 'EUR')
    .where('date', '<=', date)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (before) return before.rate_e4;
  const after = await db
    .selectFrom('exchange_rates')
    .select('rate_e4')
    .where('currency', '=', 'EUR')
    .where('date', '>', date)
    .orderBy('date')
    .limit(1)
    .executeTakeFirst();
  return after?.rate_e4 ?? fallbackE4;
}

export const RATES_IMPORT_MAX_LINES = 10_000;

/**
 * Imports EUR rates from text, one `YYYY-MM-DD;rate` per line (a comma, a semicolon or a tab between; the rate with
 * a point or a comma, e.g. the Riksbank's series pasted from a spreadsheet); a day already there takes the new rate.
 * Every line is checked first: one bad line imports nothing and names its line.
 */
export async function importRates(db: Db, text: string): Promise<number> {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length > RATES_IMPORT_MAX_LINES) {
    throw new AppError('INVALID_REQUEST', `At most ${RATES_IMPORT_MAX_LINES} rates at once`);
  }
  const rates = lines.map((line, index) => {
    const match = /^\s*(\d{4}-\d{2}-\d{2})\s*[;,\t]\s*"?([0-9]+(?:[.,][0-9]+)?)"?\s*$/.exec(line);
    const rate = match ? parseRateE4(match[2] as string) : null;
    const date = match?.[1] as string;
    if (!match || rate === null || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
      throw new AppError('INVALID_REQUEST', `Line ${index + 1} is not a date and a rate`, { line: index + 1 });
    }
    return { currency: 'EUR', date, rate_e4: rate };
  });
  // A day twice in the text: its last line counts (one statement may not touch a row twice).
  const unique = [...new Map(rates.map((rate) => [rate.date, rate])).values()];
  await inTransaction(db, async (trx) => {
    for (let start = 0; start < unique.length; start += 500) {
      await trx
        .insertInto('exchange_rates')
        .values(unique.slice(start, start + 500))
        .onConflict((oc) =>
          oc.columns(['currency', 'date']).doUpdateSet((eb) => ({ rate_e4: eb.ref('excluded.rate_e4') })),
        )
        .execute();
    }
  });
  return unique.length;
}
