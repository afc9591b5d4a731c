import autocannon from 'autocannon';
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
}

const RSS_SAMPLE_MS = 100;

function run(url: string, request: BenchRequest, connections: number, seconds: number) {
  return autocannon({
    url: `${url}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
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
export async function loadServer(server: ServerProcess, request: BenchRequest, options: LoadOptions) {
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
