import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type CsvCell, csvStream, csvText, readCsv } from '../../src/server/platform/lib/csv';

const text = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
};

describe('the CSV writer', () => {
  const awkward: CsvCell[] = [
    'plain',
    'a, comma',
    'a "quote"',
    'two\r\nlines',
    'one\nline feed',
    'Åsa Öberg',
    '=HYPERLINK("http://evil.test")',
    '+46 70',
    '-1',
    '@sum',
    '\tTab',
    -5,
    3.25,
    true,
    false,
    null,
    '',
  ];

  it('writes every field so that a CSV reader gets it back, formulas shown as text', () => {
    const written = csvText(['a', 'b'], [awkward, ['x', 'y']]);
    expect(written.endsWith('\r\n')).toBe(true);
    expect(parse(written, { relax_column_count: true })).toEqual([
      ['a', 'b'],
      [
        'plain',
        'a, comma',
        'a "quote"',
        'two\r\nlines',
        'one\nline feed',
        'Åsa Öberg',
        `'=HYPERLINK("http://evil.test")`,
        `'+46 70`,
        `'-1`,
        `'@sum`,
        `'\tTab`,
        '-5',
        '3.25',
        'yes',
        'no',
        '',
        '',
      ],
      ['x', 'y'],
    ]);
    // Quoted only where it must be: a plain field and a number go as they are.
    expect(written.startsWith('a,b\r\nplain,"a, comma","a ""quote""","two\r\nlines",')).toBe(true);
  });

  it('streams a byte order mark, the header and each batch, pulling a batch only when the last was taken', async () => {
    let pulled = 0;
    async function* batches() {
      for (let batch = 0; batch < 3; batch++) {
        pulled += 1;
        yield [[batch * 2], [batch * 2 + 1]];
      }
      yield [];
    }
    const stream = csvStream(['n'], batches());
    const first = (await stream[Symbol.asyncIterator]().next()).value as Buffer;
    expect(first.toString()).toBe('\uFEFFn\r\n');
    expect(pulled).toBeLessThanOrEqual(2);
    const rest = await text(stream);
    expect(rest).toBe('0\r\n1\r\n2\r\n3\r\n4\r\n5\r\n');
    expect(pulled).toBe(3);
  });

  it('ends the stream with the error of a failing batch', async () => {
    async function* batches(): AsyncGenerator<CsvCell[][]> {
      yield [['ok']];
      throw new Error('the database went away');
    }
    await expect(text(csvStream(['h'], batches()))).rejects.toThrow('the database went away');
  });

  it('writes what the import reads back, byte order mark included', () => {
    const written = `\uFEFF${csvText(
      ['Email', 'Name'],
      [
        ['a@x.test', 'two\r\nlines'],
        ['b@x.test', 'B'],
      ],
    )}`;
    expect(readCsv(written, { maxRows: 10 }).map((row) => row.fields)).toEqual([
      ['Email', 'Name'],
      ['a@x.test', 'two\r\nlines'],
      ['b@x.test', 'B'],
    ]);
  });
});
