import { stringify } from 'csv-stringify/sync';
import { ACCOUNTS } from '../../../../shared/domain/accounting/chart';
import { toOre } from '../../../../shared/domain/accounting/money';
import type { Db } from '../../../platform/db';

/** A calendar quarter's first and last day. */
export function quarterDays(year: number, quarter: number): { from: string; to: string } {
  const firstMonth = (quarter - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, firstMonth + 2, 0)).getUTCDate();
  const month = (m: number) => String(m).padStart(2, '0');
  return { from: `${year}-${month(firstMonth)}-01`, to: `${year}-${month(firstMonth + 2)}-${last}` };
}

const quarterOf = (day: string): string => `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

export interface OssRow {
  country: string;
  rateBp: number;
  taxableCents: number;
  vatCents: number;
}

export interface OssCorrection {
  /** The quarter of the invoice corrected, `YYYY-Qn`. */
  quarter: string;
  country: string;
  vatCents: number;
}

/**
 * The One-Stop-Shop return of a quarter: the taxable amount and VAT per country and rate of the OSS invoices issued in
 * it (less the credit notes of those invoices issued in it), and, apart, the credit notes of invoices of earlier
 * quarters, as corrections of those quarters per country. In euro cents; its VAT is what the books' OSS VAT account
 * (2680) took in the quarter, to the cent.
 */
export async function ossReturn(db: Db, siteId: number, year: number, quarter: number) {
  const { from, to } = quarterDays(year, quarter);
  const rows = await db
    .selectFrom('invoices')
    .innerJoin('invoice_lines', 'invoice_lines.invoice_id', 'invoices.id')
    .leftJoin('invoices as original', 'original.id', 'invoices.credits_invoice_id')
    .select([
      'invoices.vat_country as country',
      'invoice_lines.rate_bp',
      'original.issue_date as original_date',
      (eb) => eb.fn.sum<number>('invoice_lines.net_cents').as('net'),
      (eb) => eb.fn.sum<number>('invoice_lines.vat_cents').as('vat'),
    ])
    .where('invoices.site_id', '=', siteId)
    .where('invoices.treatment', '=', 'oss')
    .where('invoices.number', 'is not', null)
    .where('invoices.issue_date', '>=', from)
    .where('invoices.issue_date', '<=', to)
    .groupBy(['invoices.vat_country', 'invoice_lines.rate_bp', 'original.issue_date'])
    .execute();
  const current = new Map<string, OssRow>();
  const corrections = new Map<string, OssCorrection>();
  for (const row of rows) {
    const earlier = row.original_date !== null && row.original_date < from;
    if (earlier) {
      const key = `${quarterOf(row.original_date as string)} ${row.country}`;
      const correction = corrections.get(key) ?? {
        quarter: quarterOf(row.original_date as string),
        country: row.country,
        vatCents: 0,
      };
      correction.vatCents += Number(row.vat);
      corrections.set(key, correction);
      continue;
    }
    const key = `${row.country} ${row.rate_bp}`;
    const sum = current.get(key) ?? { country: row.country, rateBp: row.rate_bp, taxableCents: 0, vatCents: 0 };
    sum.taxableCents += Number(row.net);
    sum.vatCents += Number(row.vat);
    current.set(key, sum);
  }
  const byCountry = (a: { country: string }, b: { country: string }) => a.country.localeCompare(b.country);
  const countries = [...current.values()].sort((a, b) => byCountry(a, b) || b.rateBp - a.rateBp);
  const corrected = [...corrections.values()].sort((a, b) => a.quarter.localeCompare(b.quarter) || byCountry(a, b));
  const books = await db
    .selectFrom('voucher_lines')
    .select((eb) => eb.fn.sum<number>('currency_cents').as('sum'))
    .where('site_id', '=', siteId)
    .where('account', '=', ACCOUNTS.outputVatOss)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .executeTakeFirst();
  return {
    from,
    to,
    rows: countries,
    corrections: corrected,
    totalVatCents: [...countries, ...corrected].reduce((sum, row) => sum + row.vatCents, 0),
    /** What the books' OSS VAT account took in the quarter, in euro cents (credit positive). */
    booksVatCents: -Number(books?.sum ?? 0),
  };
}

/** Whole kronor of an amount in öre, as the tax return asks for them (the öre left out). */
const kronor = (ore: number): number => Math.trunc(ore / 100);

/**
 * The Swedish VAT return's boxes (momsdeklaration) for a period, from the books: 05 sales taxed in Sweden, 10 their
 * output VAT at 25 %, 39 services to businesses in other EU countries (reverse charge), 40 other services supplied
 * outside Sweden, 30 output VAT on purchases under reverse charge, 48 input VAT, and 49 the VAT to pay (negative:
 * to get back). Sales declared through OSS are not part of it. Whole kronor.
 */
export async function vatReturn(db: Db, siteId: number, from: string, to: string) {
  const rows = await db
    .selectFrom('voucher_lines')
    .select(['account', (eb) => eb.fn.sum<number>('amount_ore').as('sum')])
    .where('site_id', '=', siteId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('account', 'in', [
      ACCOUNTS.salesSweden,
      ACCOUNTS.outputVatSweden,
      ACCOUNTS.salesEuReverseCharge,
      ACCOUNTS.salesOutsideEu,
      2614,
      2640,
      2645,
    ])
    .groupBy('account')
    .execute();
  const sum = (account: number) => Number(rows.find((row) => row.account === account)?.sum ?? 0);
  const boxes = {
    '05': kronor(-sum(ACCOUNTS.salesSweden)),
    '10': kronor(-sum(ACCOUNTS.outputVatSweden)),
    '30': kronor(-sum(2614)),
    '39': kronor(-sum(ACCOUNTS.salesEuReverseCharge)),
    '40': kronor(-sum(ACCOUNTS.salesOutsideEu)),
    '48': kronor(sum(2640) + sum(2645)),
  };
  return { ...boxes, '49': boxes['10'] + boxes['30'] - boxes['48'] };
}

/**
 * The EC sales list (periodisk sammanställning) of a period: per buyer's VAT number, the services sold to it under
 * reverse charge, in whole kronor at the rates they were booked at (credit notes subtract).
 */
export async function ecSalesList(db: Db, siteId: number, from: string, to: string) {
  const invoices = await db
    .selectFrom('invoices')
    .select(['buyer', 'net_cents', 'rate_e4'])
    .where('site_id', '=', siteId)
    .where('treatment', '=', 'reverse_charge')
    .where('number', 'is not', null)
    .where('issue_date', '>=', from)
    .where('issue_date', '<=', to)
    .execute();
  const perBuyer = new Map<string, { vatNumber: string; name: string; servicesOre: number }>();
  for (const invoice of invoices) {
    const buyer = JSON.parse(invoice.buyer) as { name: string; vatNumber: string | null };
    const vatNumber = buyer.vatNumber ?? '';
    const entry = perBuyer.get(vatNumber) ?? { vatNumber, name: buyer.name, servicesOre: 0 };
    entry.servicesOre += toOre(invoice.net_cents, invoice.rate_e4);
    perBuyer.set(vatNumber, entry);
  }
  return [...perBuyer.values()]
    .map((entry) => ({ vatNumber: entry.vatNumber, name: entry.name, services: kronor(entry.servicesOre) }))
    .sort((a, b) => a.vatNumber.localeCompare(b.vatNumber));
}

/** Euros with two decimals and a point, as the tax authority's e-service takes them. */
const euros = (cents: number): string => (cents / 100).toFixed(2);

/** The OSS return as CSV: one row per country and rate, then one per correction of an earlier quarter. */
export function ossCsv(oss: Awaited<ReturnType<typeof ossReturn>>): string {
  return stringify([
    ['section', 'country', 'vat_rate_percent', 'taxable_amount_eur', 'vat_eur', 'corrected_quarter'],
    ...oss.rows.map((row) => [
      'supplies',
      row.country,
      (row.rateBp / 100).toFixed(2),
      euros(row.taxableCents),
      euros(row.vatCents),
      '',
    ]),
    ...oss.corrections.map((row) => ['correction', row.country, '', '', euros(row.vatCents), row.quarter]),
    ['total', '', '', '', euros(oss.totalVatCents), ''],
  ]);
}
