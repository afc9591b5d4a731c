/**
 * SIE 4 files (type 4E: a year's chart of accounts, balances and vouchers), the format in which Swedish bookkeeping
 * programs exchange a ledger, as described by SIE Gruppen in "SIE filformat version 4B" (2008). A file is lines of
 * a label (`#VER`) and fields separated by spaces, in IBM PC 8-bit ASCII (codepage 437), each line ending in CRLF.
 */

export interface SieHeader {
  programName: string;
  programVersion: string;
  /** YYYY-MM-DD. */
  generatedOn: string;
  companyName: string;
  /** The Swedish organisation number (556036-0793), when the company has one. */
  orgNumber: string | null;
  /** First and last day of the exported year, YYYY-MM-DD. */
  fiscalYear: { start: string; end: string };
  previousYear?: { start: string; end: string };
}

export interface SieAccount {
  number: number;
  name: string;
  kind: 'asset' | 'liability' | 'expense' | 'income';
}

/** An account's amount in öre (an integer): debit positive, credit negative. */
export interface SieBalance {
  account: number;
  amountOre: number;
}

export interface SieVoucherLine {
  account: number;
  amountOre: number;
  text?: string;
}

export interface SieVoucher {
  series: string;
  number: number;
  /** YYYY-MM-DD. */
  date: string;
  text: string;
  /** The day it was entered in the books, YYYY-MM-DD, when it differs from `date`. */
  registeredOn?: string;
  lines: SieVoucherLine[];
}

/** Codepage 437's bytes 0x80–0xFF (0x00–0x7F are ASCII's); the last is a no-break space. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐' +
  '└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

const CP437_BYTE_OF = new Map<number, number>([...CP437_HIGH].map((char, index) => [char.charCodeAt(0), 0x80 + index]));

const QUESTION_MARK = 0x3f;

/**
 * A text in codepage 437. Composed first (NFC), so that an "å" typed as "a" and a combining ring is still "å";
 * a character codepage 437 lacks (€, an emoji) becomes one "?".
 */
export function encodeCp437(text: string): Buffer {
  const composed = text.normalize('NFC');
  const bytes = Buffer.allocUnsafe(composed.length);
  let length = 0;
  for (let index = 0; index < composed.length; index++) {
    const code = composed.charCodeAt(index);
    if (code < 0x80) bytes[length++] = code;
    else {
      bytes[length++] = CP437_BYTE_OF.get(code) ?? QUESTION_MARK;
      // The second half of a surrogate pair is the same character, already a "?".
      if (code >= 0xd800 && code < 0xdc00 && index + 1 < composed.length) {
        const next = composed.charCodeAt(index + 1);
        if (next >= 0xdc00 && next < 0xe000) index++;
      }
    }
  }
  return bytes.subarray(0, length);
}

/** Each byte's character code. */
const CP437_CODES = Uint16Array.from({ length: 256 }, (_, byte) =>
  byte < 0x80 ? byte : CP437_HIGH.charCodeAt(byte - 0x80),
);

/** Codepage 437 bytes as text. */
export function decodeCp437(bytes: Buffer): string {
  const parts: string[] = [];
  // A few thousand characters at a time: String.fromCharCode takes its codes as arguments.
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = new Uint16Array(Math.min(8192, bytes.length - start));
    for (let index = 0; index < codes.length; index++) codes[index] = CP437_CODES[bytes[start + index] ?? 0] ?? 0;
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** Öre as SIE writes an amount: kronor with a period and two decimals, a minus when negative (-5 → "-0.05"). */
export function formatOre(amountOre: number): string {
  if (!Number.isSafeInteger(amountOre)) throw new RangeError(`An amount in öre must be an integer: ${amountOre}`);
  const magnitude = Math.abs(amountOre);
  const ore = String(magnitude % 100).padStart(2, '0');
  return `${amountOre < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${ore}`;
}

/**
 * A text field, always quoted. Line breaks, tabs and other control characters become spaces, since a field never
 * spans lines; a quote is escaped as `\"`, the format's only escape. A backslash ending the text would escape the
 * closing quote, so a space follows it.
 */
function quote(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/"/g, '\\"');
  return `"${clean.endsWith('\\') ? `${clean} ` : clean}"`;
}

/** A YYYY-MM-DD date as SIE's YYYYMMDD. */
function sieDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return date.replaceAll('-', '');
}

function accountNumber(account: number): string {
  if (!Number.isSafeInteger(account) || account < 0) throw new RangeError(`Not an account number: ${account}`);
  return String(account);
}

/** #KTYP's letters: T tillgång, S skuld (and equity), K kostnad, I intäkt. */
const ACCOUNT_TYPE = { asset: 'T', liability: 'S', expense: 'K', income: 'I' } as const;

/** About this many bytes a chunk; it closes at the first line end past it. */
const CHUNK_SIZE = 64 * 1024;

/** Lines gathered into chunks, so that a file of 200,000 vouchers is a few dozen buffers, not a million. */
class ChunkedLines {
  private lines: string[] = [];
  private size = 0;

  add(line: string): void {
    this.lines.push(line, '\r\n');
    this.size += line.length + 2;
  }

  get full(): boolean {
    return this.size >= CHUNK_SIZE;
  }

  get empty(): boolean {
    return this.size === 0;
  }

  take(): Buffer {
    const chunk = encodeCp437(this.lines.join(''));
    this.lines = [];
    this.size = 0;
    return chunk;
  }
}

/** The identification records, in the order the format lists them. */
function headerLines(header: SieHeader): string[] {
  const lines = [
    '#FLAGGA 0',
    `#PROGRAM ${quote(header.programName)} ${quote(header.programVersion)}`,
    '#FORMAT PC8',
    `#GEN ${sieDate(header.generatedOn)}`,
    '#SIETYP 4',
  ];
  if (header.orgNumber !== null) lines.push(`#ORGNR ${quote(header.orgNumber)}`);
  lines.push(
    `#FNAMN ${quote(header.companyName)}`,
    `#RAR 0 ${sieDate(header.fiscalYear.start)} ${sieDate(header.fiscalYear.end)}`,
  );
  if (header.previousYear) {
    lines.push(`#RAR -1 ${sieDate(header.previousYear.start)} ${sieDate(header.previousYear.end)}`);
  }
  lines.push('#KPTYP BAS2014', '#VALUTA SEK');
  return lines;
}

/** A voucher's lines; its amounts must balance, or an importing program would refuse the whole file. */
function voucherLines(voucher: SieVoucher): string[] {
  if (!Number.isSafeInteger(voucher.number)) throw new RangeError(`Not a voucher number: ${voucher.number}`);
  const date = sieDate(voucher.date);
  const registered = voucher.registeredOn ? ` ${sieDate(voucher.registeredOn)}` : '';
  const lines = [`#VER ${quote(voucher.series)} ${voucher.number} ${date} ${quote(voucher.text)}${registered}`, '{'];
  let sum = 0;
  for (const line of voucher.lines) {
    sum += line.amountOre;
    // The transaction date is the voucher's (its default), written when a text follows it.
    const text = line.text === undefined ? '' : ` ${date} ${quote(line.text)}`;
    lines.push(`#TRANS ${accountNumber(line.account)} {} ${formatOre(line.amountOre)}${text}`);
  }
  if (sum !== 0) throw new RangeError(`Voucher ${voucher.series} ${voucher.number} does not balance: ${sum} öre`);
  lines.push('}');
  return lines;
}

/**
 * A SIE 4 file (type 4E) of one year: its identification, chart of accounts, opening and closing balances of the
 * balance accounts, the result accounts' year, and its vouchers. Yields the file as CP437-encoded Buffer chunks
 * of about 64 KiB, pulling accounts and vouchers only as fast as the chunks are taken, so a year of 200,000
 * vouchers streams in constant memory. Throws (mid-file) on an amount that is not whole öre, a date that is not
 * YYYY-MM-DD, or a voucher that does not balance.
 */
export async function* writeSie(
  header: SieHeader,
  accounts: Iterable<SieAccount> | AsyncIterable<SieAccount>,
  balances: { opening: SieBalance[]; closing: SieBalance[]; result: SieBalance[] },
  vouchers: AsyncIterable<SieVoucher> | Iterable<SieVoucher>,
): AsyncGenerator<Buffer> {
  const out = new ChunkedLines();
  for (const line of headerLines(header)) out.add(line);
  for await (const account of accounts) {
    const number = accountNumber(account.number);
    out.add(`#KONTO ${number} ${quote(account.name)}`);
    out.add(`#KTYP ${number} ${ACCOUNT_TYPE[account.kind]}`);
    if (out.full) yield out.take();
  }
  const balanceRecords = [
    ['#IB', balances.opening],
    ['#UB', balances.closing],
    ['#RES', balances.result],
  ] as const;
  for (const [label, records] of balanceRecords) {
    for (const balance of records) {
      out.add(`${label} 0 ${accountNumber(balance.account)} ${formatOre(balance.amountOre)}`);
      if (out.full) yield out.take();
    }
  }
  for await (const voucher of vouchers) {
    for (const line of voucherLines(voucher)) out.add(line);
    if (out.full) yield out.take();
  }
  if (!out.empty) yield out.take();
}
