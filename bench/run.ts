import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { builtServerArgs, sourceServerArgs } from '../tests/support/process';
import { BOOKS_REPORT_MS, type BooksTiming, measureBooks } from './books';
import { FIRST_LOAD_JS_BUDGET, measureClient, type PageSize } from './clientSize';
import { BENCH_DATABASE_URL, benchDatabaseUrl, withDataDir, withPostgresDatabase } from './databases';
import { addEditor } from './editor';
import { EXPORT_ADDED_MEMORY_BYTES, type ExportMemory, measureExport } from './exportMemory';
import { CHROMIUM_PATH, type LighthouseScores, runLighthouse } from './lighthouse';
import { type LoadResult, loadServer, loadWithEditor, probe } from './load';
import { apiCall, type Scenario, scenarios } from './scenarios';
import { type BenchFixtures, benchBooksYear, benchShape, seedDatabase } from './seed';
import { type ServerProcess, startServer } from './servers';
import {
  benchStatistics,
  printStatistics,
  STATISTICS_FUNNEL_MS,
  STATISTICS_VIEW_MS,
  type StatisticsTiming,
  statisticsShape,
} from './statistics';

/**
 * `npm run bench [-- --db postgres] [--quick] [--no-lighthouse] [--rounds N]`: seeds a large database, starts the
 * production server and a bare Fastify baseline as processes of their own, loads both from here with autocannon,
 * measures the built client and runs Lighthouse; prints a table and writes bench/results.json.
 *
 * `--only <scenario>` (repeatable) loads those scenarios and the baseline only; `--only statistics` runs the statistics
 * step alone (bench/statistics.ts: a school of 10,000 learners in a database and server of its own). `--compare <dir>`
 * also seeds and starts another checkout of the project (`git worktree add ../before HEAD~1`: its own bench/seed.ts,
 * database and src/server/main.ts) and loads each platform scenario on both servers in turn within every round, so a
 * change is measured against the code before it on the same machine at the same time; its rows are marked [compare].
 */

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    quick: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    rounds: { type: 'string' },
    connections: { type: 'string', default: '100' },
    only: { type: 'string', multiple: true },
    compare: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

/** Steps besides the loads, which --only names as it names scenarios. */
const EXPORT_STEP = 'export_users (memory)';
const BOOKS_STEP = 'books';
const STATISTICS_STEP = 'statistics';
const steps = [EXPORT_STEP, BOOKS_STEP, STATISTICS_STEP];

if (args.help) {
  console.log(`npm run bench -- [options]
  --db sqlite|postgres  the database (default sqlite; PostgreSQL at BENCH_DATABASE_URL)
  --quick               1 round of 2 s warm-up + 3 s measured, instead of 3 rounds of 5 s + 10 s
  --rounds N            rounds per scenario
  --connections N       concurrent connections (default 100)
  --no-lighthouse       no Lighthouse run
  --only <scenario>     only this scenario and the baseline; repeat it for more:
                        ${[...scenarios.map((s) => s.name), ...steps].map((name) => `'${name}'`).join(', ')}
  --compare <dir>       also seed and serve another checkout of the project, and load each scenario on
                        both servers in turn in every round (rows marked [compare])`);
  process.exit(0);
}

const dialect = args.db === 'postgres' ? 'postgres' : args.db === 'sqlite' ? 'sqlite' : null;
if (!dialect) throw new Error(`--db must be sqlite or postgres, not ${args.db}`);
const load = {
  connections: Number(args.connections),
  warmupSeconds: args.quick ? 2 : 5,
  seconds: args.quick ? 3 : 10,
};
const rounds = Number(args.rounds ?? (args.quick ? 1 : 3));
const compareDir = args.compare ? path.resolve(args.compare) : null;
const unknown = (args.only ?? []).filter((name) => !scenarios.some((s) => s.name === name) && !steps.includes(name));
if (unknown.length > 0) {
  const known = [...scenarios.map((s) => s.name), ...steps];
  throw new Error(`--only: no scenario ${unknown.join(', ')}; there are ${known.join(', ')}`);
}
const runExport = !args.only || args.only.includes(EXPORT_STEP);
const runBooks = !args.only || args.only.includes(BOOKS_STEP);
const runStatistics = !args.only || args.only.includes(STATISTICS_STEP);
/** `--only statistics`: the statistics step alone, on a database and server of its own (bench/statistics.ts). */
const statisticsOnly = args.only?.every((name) => name === STATISTICS_STEP) ?? false;
const selected = scenarios.filter((s) => !args.only || s.target === 'baseline' || args.only.includes(s.name));

/** Targets of issue 3 (figures for docs/performance.md, not timed tests). */
const targets = {
  pollingRatio: 0.5,
  pollingP99Ms: 25,
  peakRssBytes: 300 * 1024 * 1024,
};

const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const mb = (bytes: number) => bytes / 1024 / 1024;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** One scenario on one server: the platform, the baseline, or the checkout of --compare. */
interface Run {
  scenario: Scenario;
  name: string;
  server: ServerProcess;
  fixtures: BenchFixtures;
  compared: boolean;
}

interface ScenarioResult {
  name: string;
  polling: boolean;
  /** Measured on the checkout of --compare. */
  compared: boolean;
  rounds: LoadResult[];
  median: LoadResult;
  ratioToBaseline: number;
}

function summarize(run: Run, results: LoadResult[], baselineRps: number): ScenarioResult {
  const pick = (key: Exclude<keyof LoadResult, 'background'>) => median(results.map((r) => r[key]));
  const summary: LoadResult = {
    requestsPerSecond: pick('requestsPerSecond'),
    p50: pick('p50'),
    p975: pick('p975'),
    p99: pick('p99'),
    errors: results.reduce((total, r) => total + r.errors, 0),
    non2xx: results.reduce((total, r) => total + r.non2xx, 0),
    requests: results.reduce((total, r) => total + r.requests, 0),
    peakRss: Math.max(...results.map((r) => r.peakRss)),
    cpuMicrosPerRequest: pick('cpuMicrosPerRequest'),
  };
  return {
    name: run.name,
    polling: run.scenario.polling,
    compared: run.compared,
    rounds: results,
    median: summary,
    ratioToBaseline: summary.requestsPerSecond / baselineRps,
  };
}

interface Target {
  server: ServerProcess;
  fixtures: BenchFixtures;
}

/** The runs of each scenario: on its own server, then (platform scenarios) on the checkout of --compare. */
function plan(platform: Target, baseline: ServerProcess, compare: Target | null): Run[][] {
  return selected.map((scenario) => {
    const own: Run = {
      scenario,
      name: scenario.name,
      server: scenario.target === 'baseline' ? baseline : platform.server,
      fixtures: platform.fixtures,
      compared: false,
    };
    if (!compare || scenario.target === 'baseline') return [own];
    return [own, { ...own, name: `${scenario.name} [compare]`, ...compare, compared: true }];
  });
}

/** One round of a run: the scenario's load, or an editor's calls under it. */
function loadRun(run: Run): Promise<LoadResult> {
  const request = run.scenario.request(run.fixtures);
  const call = run.scenario.editor;
  const editor = run.fixtures.editor;
  const options = { ...load, connections: run.scenario.connections ?? load.connections };
  if (!call) return loadServer(run.server, run.scenario.requests?.(run.fixtures) ?? request, options);
  if (!editor) throw new Error(`Scenario ${run.name} needs the bench's editor`);
  const headers = { site: run.fixtures.site.name, authorization: editor.token };
  return loadWithEditor(
    run.server,
    request,
    {
      headers,
      courseId: run.fixtures.course.id,
      call: { file: call.file, req: call.req, data: call.data(run.fixtures, editor), versioned: call.versioned },
      intervalMs: EDITOR_INTERVAL_MS,
    },
    load,
  );
}

/**
 * The editor's pace: a call every 100 ms, sixty times the autosave's (every 6 s), so that a round holds enough
 * calls for a p99 while each save still makes the learners' next get_course present the course again.
 */
const EDITOR_INTERVAL_MS = 100;

async function measure(runs: Run[][]) {
  for (const run of runs.flat()) {
    const requests = run.scenario.requests?.(run.fixtures) ?? [run.scenario.request(run.fixtures)];
    for (const request of requests) {
      const { status, body } = await probe(run.server.url, request);
      try {
        run.scenario.check(status, body, run.fixtures);
      } catch (error) {
        throw new Error(`Scenario ${run.name} ${(error as Error).message} (${request.body ?? request.path})`);
      }
    }
  }
  const raw = new Map<string, LoadResult[]>(runs.flat().map((r) => [r.name, []]));
  for (let round = 1; round <= rounds; round++) {
    // The two servers of a scenario in turn, the other one first every second round, so drift in the machine's
    // load falls on both alike.
    for (const pair of runs) {
      for (const run of round % 2 ? pair : [...pair].reverse()) {
        process.stdout.write(`  round ${round}/${rounds}: ${run.name}…`);
        const result = await loadRun(run);
        raw.get(run.name)?.push(result);
        const under = result.background
          ? ` (get_course meanwhile: ${Math.round(result.background.requestsPerSecond)} req/s, p99 ${result.background.p99} ms)`
          : '';
        process.stdout.write(
          ` ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p97.5 ${result.p975} ms, p99 ${result.p99} ms, ${Math.round(result.cpuMicrosPerRequest)} µs CPU/req${under}\n`,
        );
      }
    }
  }
  const baselineRps = median((raw.get('baseline') ?? []).map((r) => r.requestsPerSecond));
  return runs.flat().map((run) => summarize(run, raw.get(run.name) ?? [], baselineRps));
}

function printTable(results: ScenarioResult[], client: PageSize[], lighthouse: LighthouseScores[]) {
  const rows = results.map((r) => ({
    scenario: r.name,
    'req/s': Math.round(r.median.requestsPerSecond),
    'p50 ms': r.median.p50,
    'p97.5 ms': r.median.p975,
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
        'TTI ms': Math.round(l.metrics.timeToInteractiveMs ?? 0),
        ...(l.error ? { error: l.error.slice(0, 60) } : {}),
      })),
    );
  }
}

/** The pages Lighthouse scores: the first page, and an ear-training exercise (issue target: interactive within 2 s). */
const EAR_TRAINING_PAGE = '/EarTraining/NameTheInterval';
const EAR_TRAINING_TTI_MS = 2000;
const lighthousePaths = ['/', '/login', EAR_TRAINING_PAGE];

function evaluateTargets(
  results: ScenarioResult[],
  serverPeakRss: number,
  client: PageSize[],
  exports: (ExportMemory & { compared: boolean })[],
  lighthouse: LighthouseScores[],
  books: BooksTiming[],
  statistics: StatisticsTiming[],
) {
  const checks: { target: string; value: string; met: boolean }[] = statisticsChecks(statistics);
  for (const timing of books) {
    checks.push({
      target: `${timing.call} < ${BOOKS_REPORT_MS} ms (${benchShape.vouchers} vouchers)`,
      value: `${Math.round(timing.medianMs)} ms (slowest ${Math.round(timing.maxMs)} ms)`,
      met: timing.maxMs < BOOKS_REPORT_MS,
    });
  }
  for (const page of lighthouse.filter((l) => l.path === EAR_TRAINING_PAGE)) {
    const tti = page.metrics.timeToInteractiveMs ?? null;
    checks.push({
      target: `${page.path} interactive < ${EAR_TRAINING_TTI_MS / 1000} s (Lighthouse, mobile)`,
      value: tti === null ? (page.error ?? 'no figure') : `${(tti / 1000).toFixed(2)} s`,
      met: tti !== null && tti < EAR_TRAINING_TTI_MS,
    });
  }
  for (const e of exports.filter((x) => !x.compared)) {
    const added = e.rssPeak - e.rssBefore;
    checks.push({
      target: `${e.call} of ${e.rows} lines adds < ${mb(EXPORT_ADDED_MEMORY_BYTES)} MB to the server's RSS`,
      value: `${mb(added).toFixed(1)} MB`,
      met: added < EXPORT_ADDED_MEMORY_BYTES,
    });
  }
  for (const r of results.filter((s) => s.polling && !s.compared)) {
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
  for (const r of results.filter((s) => !s.compared)) {
    const scenario = scenarios.find((s) => s.name === r.name);
    if (scenario?.p975TargetMs === undefined) continue;
    checks.push({
      target: `${r.name} p95 ≤ p97.5 < ${scenario.p975TargetMs} ms at ${scenario.connections ?? load.connections} connections`,
      value: `${r.median.p975} ms`,
      met: r.median.p975 < scenario.p975TargetMs,
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

function logExport(e: ExportMemory, compared: boolean) {
  console.log(
    `  ${e.call}${compared ? ' [compare]' : ''}: ${e.rows} lines, ${(e.bytes / 1e6).toFixed(1)} MB in ${e.seconds.toFixed(1)} s; ` +
      `RSS ${mb(e.rssBefore).toFixed(1)} MB before, peak ${mb(e.rssPeak).toFixed(1)} MB (${e.peakFrom}), added ${mb(e.rssPeak - e.rssBefore).toFixed(1)} MB`,
  );
}

/** The bench site's fiscal years, as the administrator's /accounting reads them. */
async function fetchYears(server: ServerProcess, fixtures: BenchFixtures): Promise<{ Id: number; Start: string }[]> {
  const request = apiCall(fixtures, 'accounting.php', 'get_books', {}, { signedIn: false });
  const response = await fetch(`${server.url}${request.path}`, {
    method: 'POST',
    headers: { ...request.headers, authorization: fixtures.editor?.token ?? '' },
    body: request.body,
  });
  return ((await response.json()) as { Years: { Id: number; Start: string }[] }).Years;
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

/** The statistics issue's targets, per view and caller (the figures of 10,000 learners). */
function statisticsChecks(timings: StatisticsTiming[]) {
  return timings.map((t) => ({
    target: `statistics ${t.view} (${t.caller}) p95 < ${t.targetMs} ms (${statisticsShape.learners} learners)`,
    value: `${Math.round(t.p95Ms)} ms (median ${Math.round(t.medianMs)} ms)`,
    met: t.p95Ms < t.targetMs,
  }));
}

const machine = () => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
});

/**
 * The step `statistics`: a school of 10,000 learners seeded in a database of its own (on PostgreSQL
 * bench…_statistics), the production server started on it, every view asked 30 times as the administrator and as
 * a coach (bench/statistics.ts); the table is printed here.
 */
async function statisticsStep(serverArgs: string[]) {
  console.log(
    `Statistics: every view p95 < ${STATISTICS_VIEW_MS} ms, the funnel < ${STATISTICS_FUNNEL_MS} ms (bench/statistics.ts)`,
  );
  let result: Awaited<ReturnType<typeof benchStatistics>> | null = null;
  await withDataDir(async (dataDir) => {
    const place = (databaseUrl: string) => ({ dialect: dialect as string, databaseUrl, dataDir });
    const measure = async (databaseUrl: string) => {
      result = await benchStatistics([place(databaseUrl)], { serverArgs });
    };
    if (dialect === 'sqlite') return measure(`sqlite:${path.join(dataDir, 'app.db')}`);
    return withPostgresDatabase(benchDatabaseUrl('statistics'), measure);
  });
  if (!result) throw new Error('The statistics step measured nothing');
  const { timings, seeds } = result as Awaited<ReturnType<typeof benchStatistics>>;
  printStatistics(timings);
  return { timings, seed: seeds[0]?.fixtures };
}

/** A server's database and data directory. */
interface Place {
  databaseUrl: string;
  dataDir: string;
}

async function main() {
  if (statisticsOnly) {
    const statistics = await statisticsStep(builtServerArgs(process.cwd()));
    const checks = statisticsChecks(statistics.timings);
    console.table(checks.map((c) => ({ ...c, met: c.met ? 'yes' : 'NO' })));
    writeResults({
      date: new Date().toISOString(),
      machine: machine(),
      database: dialect,
      statistics: { seed: statistics.seed, timings: statistics.timings },
      targets: checks,
    });
    return;
  }
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`No built client in ${clientDir}: run npm run build first`);
  }
  const client = measureClient(clientDir);
  const runLh = !args['no-lighthouse'];
  if (runLh && !fs.existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}; or --no-lighthouse`);

  /** Seeds a database with a checkout's own bench/seed.ts (this one's, or that of --compare). */
  const seed = async (checkout: string | null, databaseUrl: string) => {
    console.log(`Seeding ${dialect}${checkout ? ` with ${checkout}` : ''}…`);
    const seeder: { seedDatabase: typeof seedDatabase } = checkout
      ? await import(pathToFileURL(path.join(checkout, 'bench/seed.ts')).href)
      : { seedDatabase };
    const fixtures = await seeder.seedDatabase(databaseUrl);
    fixtures.editor = await addEditor(databaseUrl, fixtures);
    console.log(`  ${JSON.stringify(fixtures.counts)} in ${fixtures.seconds.toFixed(1)} s`);
    const families = Object.entries(fixtures.seedSeconds).map(([family, s]) => `${family} ${s.toFixed(1)} s`);
    console.log(`  by family: ${families.join(', ')}`);
    return fixtures;
  };

  /**
   * The production server as `npm start` runs it (the build in dist/server); a --compare checkout without a build
   * runs from its sources under tsx.
   */
  const platformArgs = (checkout: string) => {
    if (fs.existsSync(path.join(checkout, 'dist/server/main.js')) || checkout === process.cwd()) {
      return builtServerArgs(checkout);
    }
    return sourceServerArgs(checkout);
  };
  const startPlatform = (name: string, checkout: string, databaseUrl: string, dataDir: string) =>
    startServer({
      name,
      args: platformArgs(checkout),
      readyPath: '/health',
      dataDir,
      env: {
        DATABASE_URL: databaseUrl,
        CLIENT_DIR: clientDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
      },
    });

  /** `compare`: where the server of the --compare checkout keeps its data. */
  const run = async ({ databaseUrl, dataDir }: Place, compare: Place | null) => {
    const fixtures = await seed(null, databaseUrl);
    const compareFixtures = compareDir && compare ? await seed(compareDir, compare.databaseUrl) : null;

    const started: ServerProcess[] = [];
    try {
      const platform = await startPlatform('platform', process.cwd(), databaseUrl, dataDir);
      started.push(platform);
      let compared: Target | null = null;
      if (compareDir && compare && compareFixtures) {
        const server = await startPlatform('compare', compareDir, compare.databaseUrl, compare.dataDir);
        started.push(server);
        compared = { server, fixtures: compareFixtures };
      }
      const baseline = await startServer({
        name: 'baseline',
        args: ['--import', 'tsx', path.join(import.meta.dirname, 'baseline.ts')],
        readyPath: '/',
        env: {},
      });
      started.push(baseline);

      console.log(
        `Loading with ${load.connections} connections, ${load.warmupSeconds} s warm-up + ${load.seconds} s measured, ${rounds} round(s)`,
      );
      const results = await measure(plan({ server: platform, fixtures }, baseline, compared));
      const serverPeakRss = platform.memory().peak;
      const exports: (ExportMemory & { compared: boolean })[] = [];
      if (runExport) {
        const servers: { target: Target; compared: boolean }[] = [
          { target: { server: platform, fixtures }, compared: false },
        ];
        if (compared) servers.push({ target: compared, compared: true });
        for (const { target, compared: isCompare } of servers) {
          const e = await measureExport(target.server, target.fixtures);
          exports.push({ ...e, compared: isCompare });
          logExport(e, isCompare);
        }
      }
      const books: BooksTiming[] = [];
      if (runBooks) {
        books.push(...(await measureBooks(platform, fixtures)));
        for (const timing of books) {
          console.log(
            `  ${timing.call}: median ${timing.medianMs.toFixed(0)} ms, slowest ${timing.maxMs.toFixed(0)} ms`,
          );
        }
        const year = benchBooksYear();
        const years = await fetchYears(platform, fixtures);
        const sie = await measureExport(platform, fixtures, {
          file: 'accounting.php',
          req: 'export_sie',
          data: { YearId: years.find((y) => y.Start === `${year}-01-01`)?.Id ?? 0 },
        });
        exports.push({ ...sie, compared: false });
        logExport(sie, false);
        // Again on the same server: what the first added is mostly V8 sizing its heap, which a second export finds
        // already grown; what a second adds is what an export holds.
        const again = await measureExport(platform, fixtures, {
          file: 'accounting.php',
          req: 'export_sie',
          data: { YearId: years.find((y) => y.Start === `${year}-01-01`)?.Id ?? 0 },
        });
        exports.push({ ...again, call: `${again.call} (again)`, compared: false });
        logExport({ ...again, call: `${again.call} (again)` }, false);
      }

      const statistics = runStatistics ? await statisticsStep(platformArgs(process.cwd())) : null;

      let lighthouse: LighthouseScores[] = [];
      if (runLh) {
        console.log(`Lighthouse (mobile) on ${lighthousePaths.join(', ')}…`);
        lighthouse = await runLighthouse(platform.url, lighthousePaths);
      }

      printTable(results, client, lighthouse);
      const checks = evaluateTargets(
        results,
        serverPeakRss,
        client,
        exports,
        lighthouse,
        books,
        statistics?.timings ?? [],
      );
      writeResults({
        date: new Date().toISOString(),
        machine: machine(),
        database: dialect,
        load: { ...load, rounds },
        ...(compareDir ? { compare: compareDir } : {}),
        seed: {
          seconds: fixtures.seconds,
          families: fixtures.seedSeconds,
          rows: fixtures.counts,
          messages: fixtures.messages,
        },
        server: { peakRssBytes: serverPeakRss },
        exports,
        books,
        ...(statistics ? { statistics: { seed: statistics.seed, timings: statistics.timings } } : {}),
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

  await withDataDir(async (dataDir) => {
    const compareDataDir = path.join(dataDir, 'compare');
    if (dialect === 'sqlite') {
      const compare = { databaseUrl: `sqlite:${path.join(compareDataDir, 'app.db')}`, dataDir: compareDataDir };
      return run({ databaseUrl: `sqlite:${path.join(dataDir, 'app.db')}`, dataDir }, compareDir ? compare : null);
    }
    // The checkout of --compare gets a database of its own beside the bench's: bench…_compare.
    const compareUrl = new URL(BENCH_DATABASE_URL);
    compareUrl.pathname = `${compareUrl.pathname}_compare`;
    if (!compareDir) return withPostgresDatabase(BENCH_DATABASE_URL, (url) => run({ databaseUrl: url, dataDir }, null));
    return withPostgresDatabase(BENCH_DATABASE_URL, (url) =>
      withPostgresDatabase(compareUrl.href, (otherUrl) =>
        run({ databaseUrl: url, dataDir }, { databaseUrl: otherUrl, dataDir: compareDataDir }),
      ),
    );
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
