import {
  PAYPAL_REPORT_MAX_CHARS,
  SETTLEMENT_MAX_LINES,
  type SettlementLineKind,
} from '../../../../shared/domain/accounting/settlements';
import { type Db, inTransaction } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { CsvError, readCsv } from '../../../platform/lib/csv';
import { receiveSettlement, type SettlementFacts, type SettlementLineFacts } from './settlements';

/**
 * PayPal's settlement report (STL, its "Settlement Report Specification"): a CSV file whose rows say what they are
 * in their first field — `RH` the report's header (generated, window, account id, version), `SH` a section's header
 * (its period), `CH` the names of the columns of the section's body, `SB` one transaction, and footers (`SF`, `SC`,
 * `RF`, `RC`, `FF`). Amounts are unsigned minor units (cents), their direction in a `CR`/`DR` column.
 */

/** What a transaction event code (T-code) is, by its code group. */
function kindOf(code: string, credit: boolean): SettlementLineKind {
  if (/^T00\d\d$/.test(code)) return credit ? 'charge' : 'other';
  if (code === 'T1107') return 'refund';
  if (code === 'T1106' || code === 'T1110' || code === 'T1201') return 'dispute';
  if (code === 'T1111' || code === 'T1202') return 'dispute_reversal';
  if (/^T04\d\d$/.test(code)) return 'transfer';
  if (/^T01\d\d$/.test(code)) return 'fee';
  return 'other';
}

/** `2026/03/01 10:15:00 +0000` (or an ISO date) as YYYY-MM-DD. */
const dayOfStamp = (stamp: string): string | null => {
  const match = stamp.match(/^(\d{4})[/-](\d{2})[/-](\d{2})/);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
};

const normalised = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A PayPal settlement report read into a settlement: its movements in euro cents, each sale or refund naming the
 * invoice number PayPal's "Invoice ID" carries, or the order its "Custom Field" carries; the report's account and
 * day are its reference. A file that is not such a report, or holds another currency, is refused with the line.
 */
export function readPaypalReport(text: string): SettlementFacts {
  if (text.length > PAYPAL_REPORT_MAX_CHARS) {
    throw new AppError('INVALID_REQUEST', `A report may be at most ${PAYPAL_REPORT_MAX_CHARS} characters`);
  }
  let rows: { line: number; fields: string[] }[];
  try {
    rows = readCsv(text, { maxRows: SETTLEMENT_MAX_LINES + 100 });
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('INVALID_REQUEST', `Line ${error.line}: ${error.message}`);
    throw error;
  }
  const refuse = (line: number, what: string): never => {
    throw new AppError('INVALID_REQUEST', `Not a PayPal settlement report: line ${line}, ${what}`);
  };
  let account = '';
  let day: string | null = null;
  let columns: Map<string, number> | null = null;
  const lines: SettlementLineFacts[] = [];
  for (const { line, fields } of rows) {
    const type = fields[0]?.toUpperCase();
    if (type === 'RH') {
      account = fields[3] ?? '';
      day ??= dayOfStamp(fields[1] ?? '');
    } else if (type === 'SH') {
      day = dayOfStamp(fields[1] ?? '') ?? day;
    } else if (type === 'CH') {
      columns = new Map(fields.map((name, index) => [normalised(name), index]));
    } else if (type === 'SB') {
      if (!columns) return refuse(line, 'a transaction before its column header (CH)');
      const cell = (name: string) => {
        const index = columns?.get(normalised(name));
        return index === undefined ? '' : (fields[index] ?? '');
      };
      const cents = (name: string) => {
        const value = cell(name) || '0';
        if (!/^\d{1,12}$/.test(value)) refuse(line, `"${name}" is not an amount in cents`);
        return Number(value);
      };
      const currency = cell('Gross Transaction Currency').toUpperCase();
      if (currency !== 'EUR') refuse(line, `its currency is ${currency || 'missing'}; only EUR is booked`);
      const credit = cell('Transaction Debit or Credit').toUpperCase() === 'CR';
      const code = cell('Transaction Event Code').toUpperCase();
      const kind = kindOf(code, credit);
      const gross = (credit ? 1 : -1) * cents('Gross Transaction Amount');
      const fee = (cell('Fee Debit or Credit').toUpperCase() === 'CR' ? -1 : 1) * cents('Fee Amount');
      const date = dayOfStamp(cell('Transaction Completion Date') || cell('Transaction Initiation Date')) ?? day;
      if (!date) refuse(line, 'a transaction without a date');
      const invoiceId = cell('Invoice ID');
      const custom = cell('Custom Field');
      lines.push({
        kind,
        reference: cell('Transaction ID').slice(0, 64),
        date: date as string,
        // A fee of its own (T01xx) is all fee.
        amountCents: kind === 'fee' ? 0 : gross,
        feeCents: kind === 'fee' ? -gross + fee : fee,
        orderId: /^\d{1,9}$/.test(custom) ? Number(custom) : null,
        invoiceNumber: /^\d{1,9}$/.test(invoiceId) ? Number(invoiceId) : null,
        text: `${code} ${invoiceId || custom}`.trim(),
      });
      if (lines.length > SETTLEMENT_MAX_LINES) refuse(line, `more than ${SETTLEMENT_MAX_LINES} transactions`);
    } else if (!['SF', 'SC', 'RF', 'RC', 'FH', 'FF'].includes(type ?? '')) {
      refuse(line, `a row of unknown type "${(fields[0] ?? '').slice(0, 10)}"`);
    }
  }
  if (!day || !account) refuse(1, 'no report header (RH) with its date and account');
  return {
    provider: 'paypal',
    reference: `${account.slice(0, 40)} ${day}`,
    date: day as string,
    amountCents: lines.reduce((sum, line) => sum + line.amountCents - line.feeCents, 0),
    lines,
  };
}

/** An administrator's upload of a PayPal settlement report: read, then taken into the books in one transaction. */
export function takePaypalReport(db: Db, opts: { siteId: number; text: string; userId: number }) {
  const facts = readPaypalReport(opts.text);
  return inTransaction(db, (trx) => receiveSettlement(trx, opts.siteId, facts, opts.userId));
}
