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
    const result = await run(server.url, request, options.connections, options.seconds);
    peakRss = Math.max(peakRss, server.memory().rss);
    return {
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
      requests: result.requests.total,
      peakRss,
    } satisfies LoadResult;
  } finally {
    clearInterval(sampler);
  }
}
