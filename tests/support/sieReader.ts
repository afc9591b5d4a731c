/**
 * A reader of SIE 4 files written from the format's description (SIE Gruppen, "SIE filformat version 4B", 2008),
 * sharing nothing with the writer in src/server/modules/accounting/sie.ts, so that a test of the writer checks
 * it against the format rather than against itself. Strict where the writer must be: it throws on unbalanced braces,
 * a #TRANS outside a #VER, an amount or date it cannot read.
 */

/** Codepage 437's bytes 0x80–0xFF as Unicode code points (the Unicode consortium's CP437 mapping). */
const HIGH_CODE_POINTS = [
  0xc7, 0xfc, 0xe9, 0xe2, 0xe4, 0xe0, 0xe5, 0xe7, 0xea, 0xeb, 0xe8, 0xef, 0xee, 0xec, 0xc4, 0xc5, 0xc9, 0xe6, 0xc6,
  0xf4, 0xf6, 0xf2, 0xfb, 0xf9, 0xff, 0xd6, 0xdc, 0xa2, 0xa3, 0xa5, 0x20a7, 0x192, 0xe1, 0xed, 0xf3, 0xfa, 0xf1, 0xd1,
  0xaa, 0xba, 0xbf, 0x2310, 0xac, 0xbd, 0xbc, 0xa1, 0xab, 0xbb, 0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562,
  0x2556, 0x2555, 0x2563, 0x2551, 0x2557, 0x255d, 0x255c, 0x255b, 0x2510, 0x2514, 0x2534, 0x252c, 0x251c, 0x2500,
  0x253c, 0x255e, 0x255f, 0x255a, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256c, 0x2567, 0x2568, 0x2564, 0x2565,
  0x2559, 0x2558, 0x2552, 0x2553, 0x256b, 0x256a, 0x2518, 0x250c, 0x2588, 0x2584, 0x258c, 0x2590, 0x2580, 0x3b1, 0xdf,
  0x393, 0x3c0, 0x3a3, 0x3c3, 0xb5, 0x3c4, 0x3a6, 0x398, 0x3a9, 0x3b4, 0x221e, 0x3c6, 0x3b5, 0x2229, 0x2261, 0xb1,
  0x2265, 0x2264, 0x2320, 0x2321, 0xf7, 0x2248, 0xb0, 0x2219, 0xb7, 0x221a, 0x207f, 0xb2, 0x25a0, 0xa0,
];

/** IBM PC 8-bit bytes (#FORMAT PC8) as text. */
export function readCp437(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes)
    text += byte < 0x80 ? String.fromCharCode(byte) : String.fromCodePoint(HIGH_CODE_POINTS[byte - 0x80] ?? 0);
  return text;
}

export type SieAccountType = 'T' | 'S' | 'K' | 'I';

export interface ReadVoucher {
  series: string;
  number: number;
  /** YYYY-MM-DD, as are all dates read. */
  date: string;
  text: string;
  registeredOn?: string;
  lines: { account: number; amountOre: number; date?: string; text?: string }[];
}

export interface ReadSie {
  flags: number | null;
  format: string | null;
  sieType: number | null;
  program: { name: string; version: string } | null;
  generated: { date: string; sign?: string } | null;
  companyName: string | null;
  orgNumber: string | null;
  chartOfAccounts: string | null;
  currency: string | null;
  years: { index: number; start: string; end: string }[];
  accounts: Map<number, { name: string; type: SieAccountType | null }>;
  /** Keyed `year:account`, e.g. "0:1930" (#IB, #UB and #RES each). */
  opening: Map<string, number>;
  closing: Map<string, number>;
  result: Map<string, number>;
  vouchers: ReadVoucher[];
}

/** A field: text (quoted or not), or an object list `{…}` of texts. */
type Field = string | string[];

class SieSyntaxError extends Error {
  constructor(line: number, message: string) {
    super(`SIE line ${line}: ${message}`);
  }
}

/** A line's fields: separated by spaces or tabs; quoted with `"` (`\"` a quote inside); `{…}` an object list. */
function tokenise(text: string, lineNumber: number): Field[] {
  const fields: Field[] = [];
  let list: string[] | null = null;
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (char === ' ' || char === '\t') {
      at++;
    } else if (char === '{') {
      if (list) throw new SieSyntaxError(lineNumber, 'an object list inside an object list');
      list = [];
      at++;
    } else if (char === '}') {
      if (!list) throw new SieSyntaxError(lineNumber, 'a "}" without its "{"');
      fields.push(list);
      list = null;
      at++;
    } else {
      let value = '';
      if (char === '"') {
        at++;
        for (;;) {
          if (at >= text.length) throw new SieSyntaxError(lineNumber, 'a quoted field without its closing quote');
          if (text[at] === '\\' && text[at + 1] === '"') {
            value += '"';
            at += 2;
          } else if (text[at] === '"') {
            at++;
            break;
          } else {
            value += text[at++];
          }
        }
      } else {
        while (at < text.length && !' \t{}"'.includes(text[at] ?? ' ')) value += text[at++];
      }
      if (list) list.push(value);
      else fields.push(value);
    }
  }
  if (list) throw new SieSyntaxError(lineNumber, 'an object list without its "}"');
  return fields;
}

/**
 * A SIE 4 file's contents, amounts in öre. Lines end in CRLF (a lone LF is also read); unknown labels are skipped,
 * as the format asks of a reader.
 */
export function readSie(bytes: Uint8Array): ReadSie {
  const sie: ReadSie = {
    flags: null,
    format: null,
    sieType: null,
    program: null,
    generated: null,
    companyName: null,
    orgNumber: null,
    chartOfAccounts: null,
    currency: null,
    years: [],
    accounts: new Map(),
    opening: new Map(),
    closing: new Map(),
    result: new Map(),
    vouchers: [],
  };
  let pending: ReadVoucher | null = null; // after #VER, before its "{"
  let open: ReadVoucher | null = null; // between "{" and "}"
  const lines = readCp437(bytes).split(/\r?\n/);
  for (const [index, rawLine] of lines.entries()) {
    const lineNumber = index + 1;
    const line = rawLine.trim();
    if (line === '') continue;
    if (line === '{') {
      if (!pending) throw new SieSyntaxError(lineNumber, 'a "{" that follows no #VER');
      open = pending;
      pending = null;
      continue;
    }
    if (line === '}') {
      if (!open) throw new SieSyntaxError(lineNumber, 'a "}" without its "{"');
      sie.vouchers.push(open);
      open = null;
      continue;
    }
    if (!line.startsWith('#')) throw new SieSyntaxError(lineNumber, `not a record: ${line}`);
    const [label = '', ...fields] = tokenise(line, lineNumber);
    if (typeof label !== 'string') throw new SieSyntaxError(lineNumber, 'a record without its label');
    if (pending) throw new SieSyntaxError(lineNumber, `${label} where the "{" of a #VER belongs`);

    const text = (at: number): string => {
      const field = fields[at];
      if (typeof field !== 'string') throw new SieSyntaxError(lineNumber, `${label}: field ${at + 1} is missing`);
      return field;
    };
    const optional = (at: number): string | undefined => {
      const field = fields[at];
      if (Array.isArray(field)) throw new SieSyntaxError(lineNumber, `${label}: field ${at + 1} is an object list`);
      return field === '' ? undefined : field;
    };
    const integer = (at: number): number => {
      const field = text(at);
      if (!/^-?\d+$/.test(field)) throw new SieSyntaxError(lineNumber, `${label}: not an integer: ${field}`);
      return Number(field);
    };
    const date = (field: string): string => {
      if (!/^\d{8}$/.test(field)) throw new SieSyntaxError(lineNumber, `${label}: not a YYYYMMDD date: ${field}`);
      return `${field.slice(0, 4)}-${field.slice(4, 6)}-${field.slice(6)}`;
    };
    const ore = (at: number): number => {
      const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text(at));
      if (!match) throw new SieSyntaxError(lineNumber, `${label}: not an amount: ${text(at)}`);
      const amount = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
      return match[1] ? -amount : amount;
    };
    const balance = (into: Map<string, number>) => into.set(`${integer(0)}:${integer(1)}`, ore(2));

    if (open && !['#TRANS', '#RTRANS', '#BTRANS'].includes(label)) {
      throw new SieSyntaxError(lineNumber, `${label} inside a voucher`);
    }
    switch (label) {
      case '#FLAGGA':
        sie.flags = integer(0);
        break;
      case '#FORMAT':
        sie.format = text(0);
        break;
      case '#SIETYP':
        sie.sieType = integer(0);
        break;
      case '#PROGRAM':
        sie.program = { name: text(0), version: text(1) };
        break;
      case '#GEN': {
        const sign = optional(1);
        sie.generated = { date: date(text(0)), ...(sign === undefined ? {} : { sign }) };
        break;
      }
      case '#FNAMN':
        sie.companyName = text(0);
        break;
      case '#ORGNR':
        sie.orgNumber = text(0);
        break;
      case '#KPTYP':
        sie.chartOfAccounts = text(0);
        break;
      case '#VALUTA':
        sie.currency = text(0);
        break;
      case '#RAR':
        sie.years.push({ index: integer(0), start: date(text(1)), end: date(text(2)) });
        break;
      case '#KONTO': {
        const number = integer(0);
        sie.accounts.set(number, { name: text(1), type: sie.accounts.get(number)?.type ?? null });
        break;
      }
      case '#KTYP': {
        const number = integer(0);
        const type = text(1);
        if (!['T', 'S', 'K', 'I'].includes(type)) throw new SieSyntaxError(lineNumber, `#KTYP: no such type: ${type}`);
        sie.accounts.set(number, { name: sie.accounts.get(number)?.name ?? '', type: type as SieAccountType });
        break;
      }
      case '#IB':
        balance(sie.opening);
        break;
      case '#UB':
        balance(sie.closing);
        break;
      case '#RES':
        balance(sie.result);
        break;
      case '#VER': {
        const registeredOn = optional(4);
        pending = {
          series: text(0),
          number: integer(1),
          date: date(text(2)),
          text: optional(3) ?? '',
          ...(registeredOn === undefined ? {} : { registeredOn: date(registeredOn) }),
          lines: [],
        };
        break;
      }
      case '#TRANS': {
        if (!open) throw new SieSyntaxError(lineNumber, '#TRANS outside a voucher');
        if (!Array.isArray(fields[1])) throw new SieSyntaxError(lineNumber, '#TRANS without its object list');
        const transDate = optional(3);
        const transText = optional(4);
        open.lines.push({
          account: integer(0),
          amountOre: ore(2),
          ...(transDate === undefined ? {} : { date: date(transDate) }),
          ...(transText === undefined ? {} : { text: transText }),
        });
        break;
      }
      case '#RTRANS':
      case '#BTRANS':
        if (!open) throw new SieSyntaxError(lineNumber, `${label} outside a voucher`);
        break;
      default:
        break; // a record this reader does not need
    }
  }
  if (pending || open) throw new SieSyntaxError(lines.length, 'the file ends inside a voucher');
  return sie;
}
