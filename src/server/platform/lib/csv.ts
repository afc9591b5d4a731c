/**
 * CSV files for spreadsheets (exports) and from them (imports). Reading is the `csv` project's csv-parse (quoting,
 * line breaks inside fields, a byte order mark, the separator). Writing is the few rules below: csv-stringify, which
 * wrote them before, made some 3.5 kB of garbage per row (an array and an options object per field), most of what
 * an export of 100,000 users allocated (docs/performance.md).
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';

export type CsvCell = string | number | boolean | null;

/** A field that holds a quote, a comma or a line break is quoted (RFC 4180), its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * A text a spreadsheet would run as a formula (first character `=`, `+`, `-`, `@`, a tab or a carriage return) gets
 * a leading apostrophe, which shows it as text (OWASP "CSV injection"). Numbers are numbers, never formulas.
 */
const FORMULA = /^[=+\-@\t\r]/;

function field(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  const text = FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV lines, each ended by CRLF (what spreadsheets write). */
function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  let text = '';
  for (const row of rows) text += `${row.map(field).join(',')}\r\n`;
  return text;
}

/** Rows as one CSV text (a small file: a batch of codes). */
export const csvText = (header: string[], rows: CsvCell[][]): string => csvLines([header, ...rows]);

/**
 * Rows as a CSV file streamed as it is read, a batch at a time: the next batch is pulled only when the reader has
 * taken the last one's text, so a file of any length costs the memory of a batch. Each batch goes out as one
 * piece of text, not a chunk per row (a row's own trip through a stream costs a promise, a chunk and a write to the
 * socket). Starts with a byte order mark, so that spreadsheets read UTF-8. A failure of `batches` ends the stream
 * with that error.
 */
export function csvStream(header: string[], batches: AsyncIterable<CsvCell[][]> | Iterable<CsvCell[][]>): Readable {
  async function* texts() {
    yield `\uFEFF${csvLines([header])}`;
    for await (const rows of batches) if (rows.length > 0) yield csvLines(rows);
  }
  return Readable.from(texts(), { objectMode: false });
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
