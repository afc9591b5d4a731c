import { apiCall } from './scenarios';
import { type BenchFixtures, benchBooksYear } from './seed';
import type { ServerProcess } from './servers';

/** The accounting issue's target: each report of the bench year answers within this. */
export const BOOKS_REPORT_MS = 500;

export interface BooksTiming {
  call: string;
  /** Median and slowest of the repetitions, in ms (one request at a time, the server otherwise idle). */
  medianMs: number;
  maxMs: number;
}

const REPETITIONS = 5;

/**
 * The books of the bench year (benchShape.vouchers vouchers): the balance report, the income report, and one
 * account's main book (3045, half the year's sales: its first page and its last), each asked REPETITIONS times
 * one after another as the administrator's browser asks, timed from request to the whole answer read.
 */
export async function measureBooks(server: ServerProcess, fixtures: BenchFixtures): Promise<BooksTiming[]> {
  const editor = fixtures.editor;
  if (!editor) throw new Error('The books need the bench’s editor (an administrator)');
  const year = benchBooksYear();
  const period = { From: `${year}-01-01`, To: `${year}-12-31` };
  const timed = async (req: string, data: Record<string, unknown>) => {
    const request = apiCall(fixtures, 'accounting.php', req, data, { signedIn: false });
    const started = performance.now();
    const response = await fetch(`${server.url}${request.path}`, {
      method: 'POST',
      headers: { ...request.headers, authorization: editor.token },
      body: request.body,
    });
    const body = (await response.json()) as { status: string; TotalPages?: number };
    if (response.status !== 200 || body.status !== 'OK') throw new Error(`${req} answered ${response.status}`);
    return { ms: performance.now() - started, body };
  };
  const firstPage = await timed('get_mainbook', { ...period, Account: 3045 });
  const lastPage = firstPage.body.TotalPages ?? 1;
  const calls: [string, string, Record<string, unknown>][] = [
    ['get_balance_report', 'get_balance_report (year)', period],
    ['get_income_report', 'get_income_report (year)', period],
    ['get_mainbook', 'get_mainbook 3045 (year, first page)', { ...period, Account: 3045 }],
    [
      'get_mainbook',
      `get_mainbook 3045 (year, page ${lastPage} of ${lastPage})`,
      { ...period, Account: 3045, Page: lastPage },
    ],
  ];
  const timings: BooksTiming[] = [];
  for (const [req, name, data] of calls) {
    const ms: number[] = [];
    for (let i = 0; i < REPETITIONS; i++) ms.push((await timed(req, data)).ms);
    ms.sort((a, b) => a - b);
    timings.push({ call: name, medianMs: ms[Math.floor(ms.length / 2)] as number, maxMs: ms.at(-1) as number });
  }
  return timings;
}
