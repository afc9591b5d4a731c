import { describe, expect, it } from 'vitest';
import {
  decodeCp437,
  encodeCp437,
  formatOre,
  type SieAccount,
  type SieBalance,
  type SieHeader,
  type SieVoucher,
  writeSie,
} from '../../src/server/modules/accounting/sie';
import { readCp437, readSie } from '../support/sieReader';

const header: SieHeader = {
  programName: 'Kursplattformen',
  programVersion: '2.1',
  generatedOn: '2025-01-20',
  companyName: 'Åkerström & "Söner" Musikskola AB',
  orgNumber: '556036-0793',
  fiscalYear: { start: '2024-01-01', end: '2024-12-31' },
  previousYear: { start: '2023-01-01', end: '2023-12-31' },
};

const accounts: SieAccount[] = [
  { number: 1510, name: 'Kundfordringar', kind: 'asset' },
  { number: 1680, name: 'Övriga kortfristiga fordringar', kind: 'asset' },
  { number: 1930, name: 'Företagskonto', kind: 'asset' },
  { number: 2081, name: 'Aktiekapital', kind: 'liability' },
  { number: 2440, name: 'Leverantörsskulder', kind: 'liability' },
  { number: 2611, name: 'Utgående moms 25 %', kind: 'liability' },
  { number: 2641, name: 'Debiterad ingående moms', kind: 'asset' },
  { number: 3041, name: 'Försäljning tjänster 25 % moms', kind: 'income' },
  { number: 5010, name: 'Lokalhyra', kind: 'expense' },
  { number: 6072, name: 'Representation, café', kind: 'expense' },
  { number: 6570, name: 'Bankkostnader', kind: 'expense' },
];

const vouchers: SieVoucher[] = [
  {
    series: 'A',
    number: 1,
    date: '2024-01-15',
    text: 'Kursavgift "Gitarr för nybörjare"',
    lines: [
      { account: 1510, amountOre: 125000 },
      { account: 3041, amountOre: -100000, text: 'Termin vår' },
      { account: 2611, amountOre: -25000 },
    ],
  },
  {
    series: 'A',
    number: 2,
    date: '2024-02-01',
    text: 'Inbetalning\r\nfrån kund',
    lines: [
      { account: 1930, amountOre: 125000, text: 'OCR 4711\tbankgiro' },
      { account: 1510, amountOre: -125000 },
    ],
  },
  {
    series: 'B',
    number: 1,
    date: '2024-03-31',
    text: 'Hyra mars',
    registeredOn: '2024-04-02',
    lines: [
      { account: 5010, amountOre: 800000 },
      { account: 2641, amountOre: 200000 },
      { account: 2440, amountOre: -1000000, text: 'Fastighets AB "Huset" \\ Öst' },
    ],
  },
  {
    series: 'B',
    number: 2,
    date: '2024-12-30',
    text: 'Kortavgift',
    lines: [
      { account: 6570, amountOre: 5 },
      { account: 6072, amountOre: 0, text: 'sökväg C:\\' },
      { account: 1930, amountOre: -5, text: 'Ränta −0,05 €' },
    ],
  },
];

const opening: SieBalance[] = [
  { account: 1930, amountOre: 5000000 },
  { account: 2081, amountOre: -5000000 },
];

/** What the books say at year end: the opening balances plus the vouchers, balance and result accounts apart. */
function yearEnd(): { closing: SieBalance[]; result: SieBalance[] } {
  const sums = new Map<number, number>(opening.map((balance) => [balance.account, balance.amountOre]));
  for (const line of vouchers.flatMap((voucher) => voucher.lines)) {
    sums.set(line.account, (sums.get(line.account) ?? 0) + line.amountOre);
  }
  const balances = [...sums].sort(([a], [b]) => a - b).map(([account, amountOre]) => ({ account, amountOre }));
  return {
    closing: balances.filter((balance) => balance.account < 3000),
    result: balances.filter((balance) => balance.account >= 3000),
  };
}

async function bytesOf(chunks: AsyncIterable<Buffer>): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

/** A text as the file keeps it: control characters are spaces, a trailing backslash is followed by one. */
const asWritten = (text: string) => text.replace(/[\r\n\t]/g, ' ').replace(/\\$/, '\\ ');

describe('SIE 4 writer', () => {
  it('writes a year that an independent reader reads back, every account, balance and voucher line', async () => {
    const { closing, result } = yearEnd();
    const { bytes } = await bytesOf(writeSie(header, accounts, { opening, closing, result }, vouchers));

    // Codepage 437, not UTF-8 (whose "å" starts with 0xC3).
    expect(bytes.includes(Buffer.from([0x8f, ...Buffer.from('kerstr'), 0x94, 0x6d]))).toBe(true); // Åkerström
    expect(bytes.includes(Buffer.from([...Buffer.from('Utg'), 0x86, ...Buffer.from('ende moms 25 %')]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x99, ...Buffer.from('vriga')]))).toBe(true); // Övriga
    expect(bytes.includes(Buffer.from([...Buffer.from('caf'), 0x82]))).toBe(true); // café
    expect(bytes.includes(0xc3)).toBe(false);

    // Every line ends in CRLF, and only there is a CR or LF.
    expect(bytes.subarray(-2).toString('latin1')).toBe('\r\n');
    bytes.forEach((byte, index) => {
      if (byte === 0x0a) expect(bytes[index - 1]).toBe(0x0d);
      if (byte === 0x0d) expect(bytes[index + 1]).toBe(0x0a);
    });

    const lines = readCp437(bytes).split('\r\n').slice(0, -1);
    expect(lines.slice(0, 5)).toEqual([
      '#FLAGGA 0',
      '#PROGRAM "Kursplattformen" "2.1"',
      '#FORMAT PC8',
      '#GEN 20250120',
      '#SIETYP 4',
    ]);
    expect(lines).toContain('#FNAMN "Åkerström & \\"Söner\\" Musikskola AB"');
    expect(lines).toContain('#TRANS 1930 {} -0.05 20241230 "Ränta ?0,05 ?"');
    // The records come in the order the format lists them.
    const firstOf = (label: string) => lines.findIndex((line) => line.split(' ')[0] === label);
    const order = [
      '#FLAGGA',
      '#PROGRAM',
      '#FORMAT',
      '#GEN',
      '#SIETYP',
      '#ORGNR',
      '#FNAMN',
      '#RAR',
      '#KPTYP',
      '#VALUTA',
    ];
    const positions = [...order, '#KONTO', '#KTYP', '#IB', '#UB', '#RES', '#VER'].map(firstOf);
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const sie = readSie(bytes);
    expect(sie).toMatchObject({
      flags: 0,
      format: 'PC8',
      sieType: 4,
      program: { name: 'Kursplattformen', version: '2.1' },
      generated: { date: '2025-01-20' },
      companyName: header.companyName,
      orgNumber: '556036-0793',
      currency: 'SEK',
      years: [
        { index: 0, start: '2024-01-01', end: '2024-12-31' },
        { index: -1, start: '2023-01-01', end: '2023-12-31' },
      ],
    });
    const types = { asset: 'T', liability: 'S', expense: 'K', income: 'I' };
    expect(sie.accounts).toEqual(new Map(accounts.map((a) => [a.number, { name: a.name, type: types[a.kind] }])));
    const keyed = (balances: SieBalance[]) => new Map(balances.map((b) => [`0:${b.account}`, b.amountOre]));
    expect(sie.opening).toEqual(keyed(opening));
    expect(sie.closing).toEqual(keyed(closing));
    expect(sie.result).toEqual(keyed(result));
    expect(sie.closing.get('0:1930')).toBe(5000000 + 125000 - 5);

    expect(sie.vouchers).toHaveLength(vouchers.length);
    sie.vouchers.forEach((read, index) => {
      const written = vouchers[index] as SieVoucher;
      expect(read).toEqual({
        ...written,
        text: asWritten(written.text),
        lines: written.lines.map((line) =>
          line.text === undefined
            ? { account: line.account, amountOre: line.amountOre }
            : { ...line, date: written.date, text: asWritten(line.text).replace(/[−€]/g, '?') },
        ),
      });
      expect(read.lines.reduce((sum, line) => sum + line.amountOre, 0)).toBe(0);
    });
    expect(sie.vouchers[2]?.lines[2]?.text).toBe('Fastighets AB "Huset" \\ Öst');
  });

  it('streams 20,000 vouchers in chunks, taking the vouchers only as the chunks are taken', async () => {
    const count = 20_000;
    let produced = 0;
    async function* lazyVouchers(): AsyncGenerator<SieVoucher> {
      for (let number = 1; number <= count; number++) {
        produced++;
        yield {
          series: 'A',
          number,
          date: '2024-06-01',
          text: `Kursavgift nr ${number} – Åsa Öberg`,
          lines: [
            { account: 1930, amountOre: 49900 + number, text: 'Betalning' },
            { account: 3041, amountOre: -(49900 + number) },
          ],
        };
      }
    }

    const parts: Buffer[] = [];
    const producedAtChunk: number[] = [];
    for await (const chunk of writeSie(header, accounts, { opening, closing: [], result: [] }, lazyVouchers())) {
      producedAtChunk.push(produced);
      parts.push(chunk);
    }

    expect(parts.length).toBeGreaterThan(10);
    expect(producedAtChunk[0]).toBeLessThan(count / 10); // the first chunk left before most vouchers were made
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(70 * 1024);
    const sie = readSie(Buffer.concat(parts));
    expect(sie.vouchers).toHaveLength(count);
    expect(sie.vouchers[count - 1]).toMatchObject({
      number: count,
      text: `Kursavgift nr ${count} ? Åsa Öberg`,
      lines: [
        { account: 1930, amountOre: 49900 + count },
        { account: 3041, amountOre: -(49900 + count) },
      ],
    });
  });

  it('refuses a voucher that does not balance, and an amount that is not whole öre', async () => {
    const unbalanced: SieVoucher = {
      series: 'A',
      number: 9,
      date: '2024-05-05',
      text: 'Fel',
      lines: [
        { account: 1930, amountOre: 100 },
        { account: 3041, amountOre: -99 },
      ],
    };
    const noBalances = { opening: [], closing: [], result: [] };
    await expect(bytesOf(writeSie(header, accounts, noBalances, [unbalanced]))).rejects.toThrow(/does not balance/);
    expect(() => formatOre(1.5)).toThrow(RangeError);
  });
});

describe('SIE amounts and codepage 437', () => {
  it('writes öre as kronor with two decimals', () => {
    expect([123456, -5, 100, 0, -0, -100000, 7].map(formatOre)).toEqual([
      '1234.56',
      '-0.05',
      '1.00',
      '0.00',
      '0.00',
      '-1000.00',
      '0.07',
    ]);
  });

  it('agrees with the reader on all 256 bytes, and the Swedish letters are where CP437 has them', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
    expect(decodeCp437(all)).toBe(readCp437(all));
    expect(encodeCp437(decodeCp437(all))).toEqual(all);
    expect([...encodeCp437('åäöÅÄÖéÉü')]).toEqual([0x86, 0x84, 0x94, 0x8f, 0x8e, 0x99, 0x82, 0x90, 0x81]);
  });

  it('writes a character CP437 lacks as one "?", and a decomposed "å" as "å"', () => {
    expect(encodeCp437('5 € – 🎸 ok').toString('latin1')).toBe('5 ? ? ? ok');
    expect([...encodeCp437('a\u030a')]).toEqual([0x86]);
  });
});

describe('SIE test reader', () => {
  const file = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');

  it('throws on unbalanced braces, a #TRANS outside a #VER and an amount it cannot read', () => {
    const ver = '#VER "A" 1 20240101 "Test"';
    expect(() => readSie(file(ver, '{', '#TRANS 1930 {} 1.00', '#TRANS 3041 {} -1.00'))).toThrow(/ends inside/);
    expect(() => readSie(file(ver, '{', '}', '}'))).toThrow(/without its/);
    expect(() => readSie(file('#TRANS 1930 {} 1.00'))).toThrow(/outside a voucher/);
    expect(() => readSie(file(ver, '{', '#TRANS 1930 {} 1,00', '}'))).toThrow(/not an amount/);
    expect(() => readSie(file(ver, '{', '#TRANS 1930 {1 "2" 1.00', '}'))).toThrow(/object list/);
    expect(() => readSie(file('#FNAMN "Ett AB'))).toThrow(/closing quote/);
    expect(readSie(file(ver, '{', '#TRANS 1930 {1 "2"} 1.5', '#TRANS 3041 {} -1.5', '}')).vouchers[0]?.lines).toEqual([
      { account: 1930, amountOre: 150 },
      { account: 3041, amountOre: -150 },
    ]);
  });
});
