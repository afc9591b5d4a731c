import fs from 'node:fs';
import { apiCall } from './scenarios';
import type { BenchFixtures } from './seed';
import type { ServerProcess } from './servers';

/** The administration issue's target: the CSV export of every user streams with less than this added memory. */
export const EXPORT_ADDED_MEMORY_BYTES = 50 * 1024 * 1024;

export interface ExportMemory {
  /** The call exported with (`user_transfer.php export_users`, `accounting.php export_sie`). */
  call: string;
  /** Lines of the file after its first: the users (or the SIE file's records) exported. */
  rows: number;
  bytes: number;
  seconds: number;
  /** The server's resident memory just before the export, and its high-water mark during it, in bytes. */
  rssBefore: number;
  rssPeak: number;
  /** How the peak was read: the kernel's high-water mark reset before the export, or samples every 10 ms. */
  peakFrom: 'VmHWM' | 'samples';
}

const readRss = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
};

/**
 * Exports every user of the bench site as the administrator's browser does (user_transfer.php export_users, no
 * filters), reading the file as it streams, and measures what the server's memory grew by meanwhile. The peak is
 * the kernel's own (VmHWM, reset to the current size through /proc/<pid>/clear_refs before the export), so no
 * spike between two samples is missed; where that reset is not allowed, samples every 10 ms stand in.
 */
export async function measureExport(
  server: ServerProcess,
  fixtures: BenchFixtures,
  call: { file: string; req: string; data: unknown } = { file: 'user_transfer.php', req: 'export_users', data: {} },
): Promise<ExportMemory> {
  if (!fixtures.editor) throw new Error('The export needs the bench’s editor (an administrator)');
  const request = apiCall(fixtures, call.file, call.req, call.data, { signedIn: false });
  const headers = { ...request.headers, authorization: fixtures.editor.token };
  delete (headers as Record<string, string>)['accept-encoding'];
  let peakFrom: ExportMemory['peakFrom'] = 'VmHWM';
  try {
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  } catch {
    peakFrom = 'samples';
  }
  const before = readRss(server.pid);
  let sampled = before.rss;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, readRss(server.pid).rss);
  }, 10);
  const started = performance.now();
  let bytes = 0;
  let newlines = 0;
  try {
    const response = await fetch(`${server.url}${request.path}`, { method: 'POST', headers, body: request.body });
    if (response.status !== 200 || !response.body) throw new Error(`${call.req} answered ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) newlines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const after = readRss(server.pid);
  const rssPeak = peakFrom === 'VmHWM' ? after.hwm : Math.max(sampled, after.rss);
  return {
    call: `${call.file} ${call.req}`,
    rows: newlines - 1,
    bytes,
    seconds: (performance.now() - started) / 1000,
    rssBefore: before.rss,
    rssPeak,
    peakFrom,
  };
}
