/**
 * `npm run scan`: sqlmap and wapiti against a seeded server on 127.0.0.1, with a student's and an
 * administrator's session. Installs nothing: it needs the Debian packages (`apt-get install -y sqlmap wapiti`)
 * and the built client (`npm run build`). Every call of the contract is scanned, so a call added later is
 * scanned without a change here. Writes the tools' output and a summary under a temporary directory, prints the
 * summary, and exits 1 when sqlmap finds an injection or the server answered a 5xx.
 *
 * Bounds (seconds): SCAN_SQLMAP_SECONDS per call (default 90), SCAN_WAPITI_SECONDS per session (default 240).
 * `npm run scan -- --postgres` runs the server on a fresh schema of the test PostgreSQL (TEST_DATABASE_URL)
 * instead of SQLite, so the injection payloads meet the other dialect.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Access } from '../../src/shared/contract/define';
import { api } from '../support/api';
import { createTestDatabase, TEST_DATABASE_URL } from '../support/databases';
import { builtClientDir, runCommand, startServerProcess } from '../support/process';
import { type ContractCall, everyCall } from './support/calls';
import { validData } from './support/validData';

const SQLMAP_SECONDS = Number(process.env.SCAN_SQLMAP_SECONDS ?? 90);
const WAPITI_SECONDS = Number(process.env.SCAN_WAPITI_SECONDS ?? 240);
const DEMO_PASSWORD = 'demo-password-scan';
/**
 * Left out: backup and buster (the client's SPA fallback answers every unknown GET path with the app shell, so
 * every guessed file "exists"), csrf (no cookies: the session is a header a cross-site form cannot send),
 * ssrf (needs wapiti's endpoint on the internet), nikto and wapp (download databases), brute_login_form.
 */
const WAPITI_MODULES = 'http_headers,csp,cookieflags,methods,xss,permanentxss,sql,blindsql,exec,file,crlf,redirect';

/**
 * A sqlmap tamper script: the payload goes inside a JSON string (the `data` field), so its quotes, backslashes
 * and control characters are escaped the JSON way, and the server's JSON parser hands the payload to the query
 * intact. Without it most payloads would only break the JSON and be refused before any SQL.
 */
const JSON_STRING_TAMPER = `import json
from lib.core.enums import PRIORITY
__priority__ = PRIORITY.LOWEST

def dependencies():
    pass

def tamper(payload, **kwargs):
    return json.dumps(payload)[1:-1] if payload else payload
`;

function toolVersion(tool: string, args: string[]): string {
  const found = spawnSync('which', [tool], { encoding: 'utf8' });
  if (found.status !== 0) {
    console.error(`${tool} is missing. Install the Debian packages first: apt-get install -y sqlmap wapiti`);
    process.exit(2);
  }
  const out = spawnSync(tool, args, { encoding: 'utf8' });
  const lines = `${out.stdout}\n${out.stderr}`.split('\n').map((l) => l.trim());
  return lines.find((l) => /\d+\.\d+/.test(l) && !/WARNING/.test(l)) ?? 'unknown';
}

/** Runs a tool with a deadline; its output goes to a file. Resolves with the output and whether it timed out. */
async function run(command: string, args: string[], logFile: string, seconds: number) {
  const result = await runCommand(command, args, { timeoutMs: seconds * 1000 });
  fs.writeFileSync(logFile, result.output);
  return result;
}

/** Plain letters in every text of the data, so sqlmap's markers and the form encoding stay unambiguous. */
function plainData(call: ContractCall): unknown {
  const data = validData(call.data, { optional: 'include' });
  const plain = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(/[^A-Za-z0-9@._-]/g, 'a');
    if (Array.isArray(value)) return value.map(plain);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
    return value;
  };
  const cleaned = plain(data);
  return call.data.safeParse(cleaned).success ? cleaned : data;
}

/**
 * The data with sqlmap's custom injection marker `*` at the end of every text value. Numbers and booleans are
 * checked by the schema before any SQL runs, so an injection can only ride on a text.
 */
function markedData(data: unknown): { text: string; points: number } {
  let points = 0;
  const mark = (value: unknown): unknown => {
    if (typeof value === 'string') {
      points++;
      return `${value}\u0001`;
    }
    if (Array.isArray(value)) return value.map(mark);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mark(v)]));
    return value;
  };
  return { text: JSON.stringify(mark(data)).replaceAll('\\u0001', '*'), points };
}

/** A page of plain HTML forms, one per call, so wapiti (which cannot run the client's JavaScript) finds the API. */
function harnessPage(calls: ContractCall[]): string {
  const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const forms = calls.map(
    (call) => `<form method="post" action="/api/backend/${call.file}">
  <input type="hidden" name="req" value="${escapeHtml(call.req)}">
  <input type="text" name="data" value="${escapeHtml(JSON.stringify(plainData(call)))}">
  <button type="submit">${escapeHtml(call.name)}</button>
</form>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API forms for the scanner</title></head><body>
<h1>API forms for the scanner</h1>
${forms.join('\n')}
</body></html>`;
}

const sessionFor = (access: Access, tokens: { student: string; admin: string }) =>
  access === 'staff' || access === 'admin'
    ? { name: 'admin', token: tokens.admin }
    : { name: 'student', token: tokens.student };

interface SqlmapResult {
  call: string;
  session: string;
  points: number;
  injectable: boolean;
  timedOut: boolean;
  /** sqlmap's count of answers by HTTP error code (most are 400s: payloads the schema refuses). */
  errorCodes: string;
  verdict: string;
}

async function main() {
  const versions = { sqlmap: toolVersion('sqlmap', ['--version']), wapiti: toolVersion('wapiti', ['--version']) };
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-scan-'));
  console.log(`sqlmap ${versions.sqlmap}, wapiti ${versions.wapiti}; report in ${reportDir}`);

  // The built client plus the form page for wapiti, served by the server itself.
  const clientDir = path.join(reportDir, 'client');
  fs.cpSync(builtClientDir(), clientDir, { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'scan-forms.html'), harnessPage(everyCall));

  const tamperDir = path.join(reportDir, 'tamper');
  fs.mkdirSync(tamperDir);
  fs.writeFileSync(path.join(tamperDir, '__init__.py'), '');
  fs.writeFileSync(path.join(tamperDir, 'jsonstring.py'), JSON_STRING_TAMPER);

  const dataDir = path.join(reportDir, 'data');
  const postgres = process.argv.includes('--postgres') ? await createTestDatabase('postgres') : undefined;
  const databaseUrl = postgres ? new URL(TEST_DATABASE_URL) : undefined;
  databaseUrl?.searchParams.set('options', `-c search_path=${postgres?.schema}`);
  const server = await startServerProcess({
    dataDir,
    env: {
      DEMO_PASSWORD,
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl.toString() } : {}),
    },
  });
  const database = postgres ? `PostgreSQL (schema ${postgres.schema})` : 'SQLite';
  const started = new Date();
  try {
    const signIn = async (email: string) => {
      const answer = await api(server.url).ok('login.php', 'sign_in', { email, password: DEMO_PASSWORD });
      return answer.token;
    };
    const tokens = { student: await signIn('student@demo.local'), admin: await signIn('admin@demo.local') };

    // sqlmap: every call, as the session its access level needs, injecting into every text of its data.
    const sqlmapResults: SqlmapResult[] = [];
    for (const call of everyCall) {
      const session = sessionFor(call.access, tokens);
      const { text, points } = markedData(plainData(call));
      const outDir = path.join(reportDir, 'sqlmap', call.name.replace(/[^\w.-]+/g, '_'));
      fs.mkdirSync(outDir, { recursive: true });
      const args = [
        '-u',
        `${server.url}/api/backend/${call.file}`,
        '--method',
        'POST',
        '--data',
        `req=${call.req}*&data=${text}`,
        '--headers',
        `Authorization: ${session.token}\nsite: main`,
        '--batch',
        '--level',
        '2',
        '--risk',
        '2',
        '--tamper',
        path.join(tamperDir, 'jsonstring.py'),
        // Refusals are answers, not the end of the scan (sqlmap gives up at the first 401 otherwise).
        '--ignore-code',
        '401,403,404,409,410,429',
        '--threads',
        '4',
        '--timeout',
        '10',
        '--retries',
        '1',
        '--time-sec',
        '2',
        '--flush-session',
        '--output-dir',
        outDir,
        '--disable-coloring',
      ];
      // `req` is always a point; numbers and booleans of the data are not (see markedData).
      process.stdout.write(`sqlmap ${call.name} as ${session.name} (req and ${points} text field(s)) … `);
      const result = await run('sqlmap', args, path.join(outDir, 'sqlmap.log'), SQLMAP_SECONDS);
      const injectable =
        /identified the following injection point|is vulnerable|sqlmap resumed the following injection point/i.test(
          result.output,
        );
      const verdict = injectable
        ? 'INJECTABLE'
        : /do not appear to be injectable/i.test(result.output)
          ? 'not injectable'
          : result.timedOut
            ? `stopped after ${SQLMAP_SECONDS} s without a finding`
            : `ended: ${
                result.output
                  .trim()
                  .split('\n')
                  .filter((l) => /CRITICAL|ERROR/.test(l))
                  .at(-1) ?? 'see log'
              }`;
      const errorCodes = [...result.output.matchAll(/(\d{3}) \(([^)]+)\) - (\d+) times/g)]
        .map((m) => `${m[1]}×${m[3]}`)
        .join(' ');
      sqlmapResults.push({
        call: call.name,
        session: session.name,
        points,
        injectable,
        timedOut: result.timedOut,
        errorCodes,
        verdict,
      });
      console.log(verdict);
    }

    // wapiti: the site's pages and the form page, once per session.
    const wapitiResults: {
      session: string;
      timedOut: boolean;
      vulnerabilities: Record<string, unknown[]>;
      anomalies: Record<string, unknown[]>;
    }[] = [];
    for (const [name, token] of Object.entries(tokens)) {
      const output = path.join(reportDir, `wapiti-${name}.json`);
      const args = [
        '-u',
        `${server.url}/`,
        '--scope',
        'folder',
        '-s',
        `${server.url}/scan-forms.html`,
        ...['/login', '/register', '/faq', '/news', '/password-recovery', '/terms-of-service', '/privacy'].flatMap(
          (p) => ['-s', `${server.url}${p}`],
        ),
        '-m',
        WAPITI_MODULES,
        '-H',
        `Authorization: ${token}`,
        '-H',
        'site: main',
        '--max-scan-time',
        String(WAPITI_SECONDS),
        '--max-attack-time',
        String(Math.max(10, Math.floor(WAPITI_SECONDS / 8))),
        '-t',
        '10',
        '--flush-session',
        '--store-session',
        path.join(reportDir, `wapiti-session-${name}`),
        '--no-bugreport',
        '-f',
        'json',
        '-o',
        output,
      ];
      process.stdout.write(`wapiti as ${name} (at most ${WAPITI_SECONDS} s) … `);
      const result = await run('wapiti', args, path.join(reportDir, `wapiti-${name}.log`), WAPITI_SECONDS + 120);
      const report = fs.existsSync(output)
        ? JSON.parse(fs.readFileSync(output, 'utf8'))
        : { vulnerabilities: {}, anomalies: {} };
      const nonEmpty = (group: Record<string, unknown[]> = {}) =>
        Object.fromEntries(Object.entries(group).filter(([, list]) => list.length > 0));
      wapitiResults.push({
        session: name,
        timedOut: result.timedOut,
        vulnerabilities: nonEmpty(report.vulnerabilities),
        anomalies: nonEmpty(report.anomalies),
      });
      console.log(
        `${Object.values(nonEmpty(report.vulnerabilities)).flat().length} finding(s), ` +
          `${Object.values(nonEmpty(report.anomalies)).flat().length} anomal(y/ies)`,
      );
    }

    // The server's own account: every 5xx is logged as "Request failed".
    const serverLog = server.output();
    fs.writeFileSync(path.join(reportDir, 'server.log'), serverLog);
    const serverErrors = serverLog.split('\n').filter((l) => l.includes('"Request failed"')).length;

    const summary = {
      date: started.toISOString(),
      versions,
      target: server.url,
      database,
      calls: everyCall.length,
      sqlmap: sqlmapResults,
      wapiti: wapitiResults,
      serverErrors,
      reportDir,
    };
    fs.writeFileSync(path.join(reportDir, 'summary.json'), JSON.stringify(summary, null, 2));

    console.log('\nSummary');
    console.log(`  server on ${database}, ${everyCall.length} calls`);
    console.log(`  sqlmap ${versions.sqlmap}: ${sqlmapResults.filter((r) => r.injectable).length} injectable`);
    for (const r of sqlmapResults) {
      const answers = r.errorCodes ? ` (error answers: ${r.errorCodes})` : '';
      console.log(`    ${r.call.padEnd(40)} ${r.session.padEnd(8)} ${r.verdict}${answers}`);
    }
    for (const w of wapitiResults) {
      console.log(`  wapiti ${versions.wapiti} as ${w.session}${w.timedOut ? ' (stopped at its deadline)' : ''}:`);
      for (const [category, list] of Object.entries(w.vulnerabilities))
        console.log(`    finding  ${category}: ${list.length}`);
      for (const [category, list] of Object.entries(w.anomalies))
        console.log(`    anomaly  ${category}: ${list.length}`);
      if (Object.keys(w.vulnerabilities).length + Object.keys(w.anomalies).length === 0)
        console.log('    nothing found');
    }
    console.log(`  server errors (5xx) logged: ${serverErrors}`);
    console.log(`  report: ${reportDir}/summary.json`);
    const failed = sqlmapResults.some((r) => r.injectable) || serverErrors > 0;
    process.exitCode = failed ? 1 : 0;
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
