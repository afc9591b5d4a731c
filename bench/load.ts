import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import type { EditorClientConfig, EditorClientResult } from './editorClient';
import type { BenchRequest } from './scenarios';
import type { ServerProcess } from './servers';

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  /** The 97.5th percentile, autocannon's nearest above the 95th (so a p95 is at most this). */
  p975: number;
  p99: number;
  /** Connection errors, timeouts included. */
  errors: number;
  non2xx: number;
  requests: number;
  /** The highest resident memory sampled while loading, in bytes. */
  peakRss: number;
  /**
   * The server's CPU time per answered request, in microseconds: what a request costs, which a busy machine
   * changes far less than it changes the throughput (the load generator and other processes take the CPU).
   */
  cpuMicrosPerRequest: number;
  /** An editor's scenario: the load it was measured under (get_course at the same connections). */
  background?: { requestsPerSecond: number; p99: number };
}

const RSS_SAMPLE_MS = 100;

/**
 * autocannon keeps every answer's body as a string (`body += chunk` in its queue of requests), which decodes each
 * answer as UTF-8: for a 34-kB gzip answer (binary, so off V8's ASCII fast path) that cost the load generator about
 * 0.25 ms of CPU, more than the server spent making it, and on two cores the load generator became what the figures
 * measured (about 3,700 answers a second of the same bytes from a bare Node server; 37,000 without it). Nothing
 * here reads those bodies (each scenario is checked by `probe`), so only their bytes are counted.
 */
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void };
};
PipelinedRequestsQueue.prototype.addBody = () => {};

/** Loads one request, or several that each connection sends in turn. */
function run(url: string, request: BenchRequest | BenchRequest[], connections: number, seconds: number) {
  const [first, ...more] = Array.isArray(request) ? request : [request];
  if (!first) throw new Error('No request to load');
  return autocannon({
    url: `${url}${first.path}`,
    method: first.method,
    headers: first.headers,
    body: first.body,
    ...(more.length > 0 ? { requests: [first, ...more] } : {}),
    connections,
    duration: seconds,
  });
}

/** One request as a browser would make it, checked before the load. */
export async function probe(url: string, request: BenchRequest): Promise<{ status: number; body: string }> {
  const response = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  return { status: response.status, body: await response.text() };
}

/** A warm-up round, then a measured round, with the server's memory sampled throughout the measured one. */
export async function loadServer(server: ServerProcess, request: BenchRequest | BenchRequest[], options: LoadOptions) {
  await run(server.url, request, options.connections, options.warmupSeconds);
  let peakRss = server.memory().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, server.memory().rss);
  }, RSS_SAMPLE_MS);
  try {
    const cpuBefore = server.cpuSeconds();
    const result = await run(server.url, request, options.connections, options.seconds);
    const cpuSeconds = server.cpuSeconds() - cpuBefore;
    peakRss = Math.max(peakRss, server.memory().rss);
    return {
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p975: result.latency.p97_5,
      p99: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
      requests: result.requests.total,
      peakRss,
      cpuMicrosPerRequest: result.requests.total > 0 ? (cpuSeconds * 1e6) / result.requests.total : 0,
    } satisfies LoadResult;
  } finally {
    clearInterval(sampler);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);

/**
 * An editor's calls (bench/editorClient.ts, a process of its own) while `background` loads the server as a scenario
 * does: after the warm-up, both run for the measured seconds. The result is the editor's: her calls per second and
 * latencies; the CPU per request counts every request the server answered meanwhile.
 */
export async function loadWithEditor(
  server: ServerProcess,
  background: BenchRequest,
  editor: Omit<EditorClientConfig, 'url' | 'seconds'>,
  options: LoadOptions,
): Promise<LoadResult> {
  await run(server.url, background, options.connections, options.warmupSeconds);
  let peakRss = server.memory().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, server.memory().rss);
  }, RSS_SAMPLE_MS);
  try {
    const cpuBefore = server.cpuSeconds();
    const config: EditorClientConfig = { ...editor, url: server.url, seconds: options.seconds };
    const client = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'editorClient.ts'), JSON.stringify(config)],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const [loaded, edited] = await Promise.all([
      run(server.url, background, options.connections, options.seconds),
      client.then(({ stdout }) => JSON.parse(stdout) as EditorClientResult),
    ]);
    const cpuSeconds = server.cpuSeconds() - cpuBefore;
    peakRss = Math.max(peakRss, server.memory().rss);
    const latencies = [...edited.latenciesMs].sort((a, b) => a - b);
    const requests = loaded.requests.total + latencies.length;
    return {
      requestsPerSecond: latencies.length / options.seconds,
      p50: Math.round(percentile(latencies, 0.5) * 10) / 10,
      p975: Math.round(percentile(latencies, 0.975) * 10) / 10,
      p99: Math.round(percentile(latencies, 0.99) * 10) / 10,
      errors: edited.errors,
      non2xx: edited.non2xx,
      requests: latencies.length,
      peakRss,
      cpuMicrosPerRequest: requests > 0 ? (cpuSeconds * 1e6) / requests : 0,
      background: { requestsPerSecond: loaded.requests.average, p99: loaded.latency.p99 },
    };
  } finally {
    clearInterval(sampler);
  }
}
