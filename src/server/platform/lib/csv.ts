/**
 * CSV files for spreadsheets (exports) and from them (imports), written and read by the `csv` project's
 * libraries (csv-stringify, csv-parse): quoting, line ends and a byte order mark are theirs to get right.
 */
import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { stringify as stringifyNow } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null;

/**
 * A text a spreadsheet would run as a formula (first character `=`, `+`, `-`, `@`, a tab or a carriage return) gets
 * a leading apostrophe, which shows it as text (OWASP "CSV injection"). Numbers are numbers, never formulas.
 */
const asText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const writeOptions = {
  record_delimiter: 'windows',
  cast: { string: asText, boolean: (value: boolean) => (value ? 'yes' : 'no') },
} as const;

/** Rows as one CSV text (a small file: a batch of codes). */
export const csvText = (header: string[], rows: CsvCell[][]): string => stringifyNow([header, ...rows], writeOptions);

/**
 * Rows as a CSV file streamed as it is read: `rows` is pulled only as fast as the reader takes the file, so a file
 * of any length costs the memory of a few rows. Starts with a byte order mark, so that spreadsheets read UTF-8.
 * A failure of `rows` ends the stream with that error.
 */
export function csvStream(header: string[], rows: AsyncIterable<CsvCell[]>): Readable {
  async function* lines() {
    yield header;
    yield* rows;
  }
  return pipeline(Readable.from(lines()), stringify({ ...writeOptions, bom: true }), () => {});
}

/** A CSV file that cannot be read: its line, and what is wrong. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A CSV text read as rows of fields, each with its line in the file (a row's first line). Commas or semicolons (a
 * Swedish spreadsheet's choice) separate the fields, whichever the first line has more of; a byte order mark, blank
 * lines and spaces around fields are ignored. At most `maxRows` rows are read (one more tells the caller there were
 * too many). Every pass is linear in the text.
 */
export function readCsv(text: string, opts: { maxRows: number }): { line: number; fields: string[] }[] {
  const end = text.indexOf('\n');
  const firstLine = end === -1 ? text : text.slice(0, end);
  const count = (char: string) => firstLine.split(char).length - 1;
  try {
    // With `info`, each row comes with where it was read (the library's types do not say so).
    const rows = parse(text, {
      bom: true,
      delimiter: count(';') > count(',') ? ';' : ',',
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
      to: opts.maxRows + 1,
    }) as unknown as { info: { lines: number }; record: string[] }[];
    return rows.map(({ info, record }) => ({ line: info.lines, fields: record }));
  } catch (error) {
    throw new CsvError((error as { lines?: number }).lines ?? 1, (error as Error).message);
  }
}
