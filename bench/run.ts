import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { FIRST_LOAD_JS_BUDGET, measureClient, type PageSize } from './clientSize';
import { CHROMIUM_PATH, type LighthouseScores, runLighthouse } from './lighthouse';
import { type LoadResult, loadServer, probe } from './load';
import { type Scenario, scenarios } from './scenarios';
import { seedDatabase } from './seed';
import { type ServerProcess, startServer } from './servers';

/**
 * `npm run bench [-- --db postgres] [--quick] [--no-lighthouse] [--rounds N]`: seeds a large database, starts the
 * production server and a bare Fastify baseline as processes of their own, loads both from here with autocannon,
 * measures the built client and runs Lighthouse; prints a table and writes bench/results.json.
 */

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    quick: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    rounds: { type: 'string' },
    connections: { type: 'string', default: '100' },
  },
});

const dialect = args.db === 'postgres' ? 'postgres' : args.db === 'sqlite' ? 'sqlite' : null;
if (!dialect) throw new Error(`--db must be sqlite or postgres, not ${args.db}`);
const load = {
  connections: Number(args.connections),
  warmupSeconds: args.quick ? 2 : 5,
  seconds: args.quick ? 3 : 10,
};
const rounds = Number(args.rounds ?? (args.quick ? 1 : 3));

/** Targets of issue 3 (figures for docs/performance.md, not timed tests). */
const targets = {
  pollingRatio: 0.5,
  pollingP99Ms: 25,
  peakRssBytes: 300 * 1024 * 1024,
};

const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
/** A database on the same server to connect to while (re)creating the bench database. */
const BENCH_ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const mb = (bytes: number) => bytes / 1024 / 1024;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The bench owns one PostgreSQL database (named bench…), made afresh for each run and dropped after it. */
async function withPostgresDatabase(use: (url: string) => Promise<void>): Promise<void> {
  const name = new URL(BENCH_DATABASE_URL).pathname.slice(1);
  if (!/^bench\w*$/.test(name)) throw new Error(`BENCH_DATABASE_URL must name a database called bench…, not ${name}`);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: BENCH_ADMIN_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  try {
    await use(BENCH_DATABASE_URL);
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** The server's data directory (and the SQLite file), removed after the run. */
async function withDataDir(use: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
  try {
    await use(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ScenarioResult {
  name: string;
  polling: boolean;
  rounds: LoadResult[];
  median: LoadResult;
  ratioToBaseline: number;
}

function summarize(scenario: Scenario, results: LoadResult[], baselineRps: number): ScenarioResult {
  const pick = (key: keyof LoadResult) => median(results.map((r) => r[key]));
  const summary: LoadResult = {
    requestsPerSecond: pick('requestsPerSecond'),
    p50: pick('p50'),
    p99: pick('p99'),
    errors: results.reduce((total, r) => total + r.errors, 0),
    non2xx: results.reduce((total, r) => total + r.non2xx, 0),
    requests: results.reduce((total, r) => total + r.requests, 0),
    peakRss: Math.max(...results.map((r) => r.peakRss)),
    cpuMicrosPerRequest: pick('cpuMicrosPerRequest'),
  };
  return {
    name: scenario.name,
    polling: scenario.polling,
    rounds: results,
    median: summary,
    ratioToBaseline: summary.requestsPerSecond / baselineRps,
  };
}

async function measure(
  servers: Record<Scenario['target'], ServerProcess>,
  fixtures: Parameters<Scenario['request']>[0],
) {
  for (const scenario of scenarios) {
    const { status, body } = await probe(servers[scenario.target].url, scenario.request(fixtures));
    try {
      scenario.check(status, body, fixtures);
    } catch (error) {
      throw new Error(`Scenario ${scenario.name} ${(error as Error).message}`);
    }
  }
  const raw = new Map<string, LoadResult[]>(scenarios.map((s) => [s.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const scenario of scenarios) {
      process.stdout.write(`  round ${round}/${rounds}: ${scenario.name}…`);
      const result = await loadServer(servers[scenario.target], scenario.request(fixtures), load);
      raw.get(scenario.name)?.push(result);
      process.stdout.write(
        ` ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms, ${Math.round(result.cpuMicrosPerRequest)} µs CPU/req\n`,
      );
    }
  }
  const baselineRps = median((raw.get('baseline') ?? []).map((r) => r.requestsPerSecond));
  return scenarios.map((scenario) => summarize(scenario, raw.get(scenario.name) ?? [], baselineRps));
}

function printTable(results: ScenarioResult[], client: PageSize[], lighthouse: LighthouseScores[]) {
  const rows = results.map((r) => ({
    scenario: r.name,
    'req/s': Math.round(r.median.requestsPerSecond),
    'p50 ms': r.median.p50,
    'p99 ms': r.median.p99,
    errors: r.median.errors,
    'non-2xx': r.median.non2xx,
    'peak RSS MB': Math.round(mb(r.median.peakRss)),
    'CPU µs/req': Math.round(r.median.cpuMicrosPerRequest),
    '× baseline': r.ratioToBaseline.toFixed(2),
  }));
  console.table(rows);
  console.table(
    client.map((page) => ({
      page: page.path,
      'JS kB gzip': (page.jsGzip / 1000).toFixed(1),
      'CSS kB gzip': (page.cssGzip / 1000).toFixed(1),
      'JS kB raw': (page.jsBytes / 1000).toFixed(1),
      files: page.files.length,
    })),
  );
  if (lighthouse.length > 0) {
    console.table(
      lighthouse.map((l) => ({
        page: l.path,
        performance: l.performance,
        accessibility: l.accessibility,
        'best-practices': l.bestPractices,
        'LCP ms': Math.round(l.metrics.largestContentfulPaintMs ?? 0),
        'TBT ms': Math.round(l.metrics.totalBlockingTimeMs ?? 0),
        ...(l.error ? { error: l.error.slice(0, 60) } : {}),
      })),
    );
  }
}

function evaluateTargets(results: ScenarioResult[], serverPeakRss: number, client: PageSize[]) {
  const checks: { target: string; value: string; met: boolean }[] = [];
  for (const r of results.filter((s) => s.polling)) {
    // The throughput target is for SQLite; on PostgreSQL the figure is recorded beside it.
    if (dialect === 'sqlite') {
      checks.push({
        target: `${r.name} ≥ ${targets.pollingRatio * 100} % of baseline req/s`,
        value: `${Math.round(r.ratioToBaseline * 100)} %`,
        met: r.ratioToBaseline >= targets.pollingRatio,
      });
    }
    checks.push({
      target: `${r.name} p99 < ${targets.pollingP99Ms} ms at ${load.connections} connections`,
      value: `${r.median.p99} ms`,
      met: r.median.p99 < targets.pollingP99Ms,
    });
  }
  checks.push({
    target: `server peak RSS < ${mb(targets.peakRssBytes)} MB`,
    value: `${Math.round(mb(serverPeakRss))} MB`,
    met: serverPeakRss < targets.peakRssBytes,
  });
  const root = client.find((page) => page.path === '/');
  if (root) {
    checks.push({
      target: `first-load JS of / < ${FIRST_LOAD_JS_BUDGET / 1000} kB gzip`,
      value: `${(root.jsGzip / 1000).toFixed(1)} kB`,
      met: root.jsGzip < FIRST_LOAD_JS_BUDGET,
    });
  }
  console.table(checks.map((c) => ({ ...c, met: c.met ? 'yes' : 'NO' })));
  return checks;
}

function writeResults(entry: object) {
  const file = path.join(import.meta.dirname, 'results.json');
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // first run
  }
  all[dialect as string] = entry;
  fs.writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`Results written to ${path.relative(process.cwd(), file)} (under "${dialect}")`);
}

async function main() {
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`No built client in ${clientDir}: run npm run build first`);
  }
  const client = measureClient(clientDir);
  const runLh = !args['no-lighthouse'];
  if (runLh && !fs.existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}; or --no-lighthouse`);

  const run = async (databaseUrl: string, dataDir: string) => {
    console.log(`Seeding ${dialect}…`);
    const fixtures = await seedDatabase(databaseUrl);
    console.log(`  ${JSON.stringify(fixtures.counts)} in ${fixtures.seconds.toFixed(1)} s`);
    const families = Object.entries(fixtures.seedSeconds).map(([family, s]) => `${family} ${s.toFixed(1)} s`);
    console.log(`  by family: ${families.join(', ')}`);

    const started: ServerProcess[] = [];
    try {
      const platform = await startServer({
        name: 'platform',
        script: 'src/server/main.ts',
        readyPath: '/health',
        env: {
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          CLIENT_DIR: clientDir,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          SMTP_URL: '',
        },
      });
      started.push(platform);
      const baseline = await startServer({
        name: 'baseline',
        script: path.join(import.meta.dirname, 'baseline.ts'),
        readyPath: '/',
        env: {},
      });
      started.push(baseline);

      console.log(
        `Loading with ${load.connections} connections, ${load.warmupSeconds} s warm-up + ${load.seconds} s measured, ${rounds} round(s)`,
      );
      const results = await measure({ platform, baseline }, fixtures);
      const serverPeakRss = platform.memory().peak;

      let lighthouse: LighthouseScores[] = [];
      if (runLh) {
        console.log('Lighthouse (mobile) on / and /login…');
        lighthouse = await runLighthouse(platform.url, ['/', '/login']);
      }

      printTable(results, client, lighthouse);
      const checks = evaluateTargets(results, serverPeakRss, client);
      writeResults({
        date: new Date().toISOString(),
        machine: {
          cpus: os.cpus().length,
          cpuModel: os.cpus()[0]?.model ?? 'unknown',
          memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
          node: process.version,
          platform: `${os.platform()} ${os.release()}`,
        },
        database: dialect,
        load: { ...load, rounds },
        seed: {
          seconds: fixtures.seconds,
          families: fixtures.seedSeconds,
          rows: fixtures.counts,
          messages: fixtures.messages,
        },
        server: { peakRssBytes: serverPeakRss },
        scenarios: results,
        client,
        lighthouse,
        targets: checks,
      });
    } catch (error) {
      for (const server of started) console.error(`--- ${server.name} output ---\n${server.output()}`);
      throw error;
    } finally {
      for (const server of started) await server.stop();
    }
  };

  await withDataDir((dataDir) =>
    dialect === 'postgres'
      ? withPostgresDatabase((url) => run(url, dataDir))
      : run(`sqlite:${path.join(dataDir, 'app.db')}`, dataDir),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
