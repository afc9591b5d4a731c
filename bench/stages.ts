import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { findSessionUser } from '../src/server/modules/identity';
import { createSession } from '../src/server/modules/identity/services/sessions';
import { loadConfig } from '../src/server/platform/config';
import { createDatabase, migrate } from '../src/server/platform/db';
import { hashToken } from '../src/server/platform/lib/tokens';
import { ensureMainSite } from '../src/server/seed';
import { createUser } from '../src/server/seed/factories';
import { contract } from '../src/shared/contract';

/**
 * `npx tsx bench/stages.ts`: the platform's own cost per call, stage by stage, in this process (no network, no
 * load generator): CPU microseconds per request of whole requests through Fastify's `inject` beside a bare GET,
 * and of the stages a hot call is made of (the session lookup, the token hash, zod on the way in and out, JSON).
 * Medians of five runs; docs/performance.md keeps the figures.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stages-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent', NODE_ENV: 'production' });
const db = createDatabase({ url: config.databaseUrl });
await migrate(db);
const siteId = await ensureMainSite(db);
const user = await createUser(db, { site: { id: siteId }, passwordHash: 'unused' });
const token = await createSession(db, { siteId, userId: user.id });
const { fastify } = await buildApp({ config, db, logger: false });
await fastify.ready();

const cpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

async function time(label: string, n: number, fn: () => unknown): Promise<void> {
  for (let i = 0; i < Math.min(2000, n); i++) await fn();
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = cpu();
    for (let i = 0; i < n; i++) await fn();
    runs.push((cpu() - start) / n);
  }
  runs.sort((a, b) => a - b);
  console.log(`${label.padEnd(48)} ${(runs[2] ?? 0).toFixed(2).padStart(8)} µs`);
}

const form = (req: string, data: unknown) => `req=${req}&data=${encodeURIComponent(JSON.stringify(data))}`;
const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: token, site: 'main' };
const inject = (url: string, payload?: string) =>
  fastify.inject(payload === undefined ? { method: 'GET', url } : { method: 'POST', url, payload, headers });
const authBody = form('auth_user', { token, access: {} });
const pollBody = form('get_messages', { UserId: user.id, FromUserId: null, LastDate: new Date().toISOString() });
for (const [url, body] of [
  ['/api/backend/auth.php', authBody],
  ['/api/backend/messages.php', pollBody],
] as const) {
  const answer = await inject(url, body);
  if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
}

// Bare Fastify with the platform's urlencoded body parser: what any POST of a form costs before the platform.
const bare = Fastify({ logger: false });
await bare.register(formbody);
bare.get('/', async () => ({ hello: 'world' }));
bare.post('/', async () => ({ hello: 'world' }));
await bare.ready();
await time('bare Fastify: GET', 5000, () => bare.inject({ method: 'GET', url: '/' }));
await time('bare Fastify: POST of the auth_user form', 3000, () =>
  bare.inject({ method: 'POST', url: '/', payload: authBody, headers }),
);
await time('GET /health (Fastify and inject alone)', 5000, () => inject('/health'));
await time('POST to an unknown endpoint (envelope, 404)', 3000, () => inject('/api/backend/nothing.php', authBody));
await time('site.php get_site (public: no session)', 3000, () => inject('/api/backend/site.php', form('get_site', {})));
await time('auth.php auth_user', 3000, () => inject('/api/backend/auth.php', authBody));
await time('messages.php get_messages (the empty poll)', 3000, () => inject('/api/backend/messages.php', pollBody));
await time('  the session lookup (hash and prepared query)', 5000, () => findSessionUser(db, { siteId, token }));
await time('  the token hash alone', 20000, () => hashToken(token));
const authUser = contract['auth.php'].calls.auth_user;
const data = { token, access: {} };
await time('  zod: auth_user data', 20000, () => authUser.data.safeParse(data));
const answer = JSON.parse((await inject('/api/backend/auth.php', authBody)).body);
await time('  zod: auth_user answer (tests only)', 20000, () => authUser.answer.safeParse(answer));
await time('  JSON.stringify of the answer', 20000, () => JSON.stringify(answer));
await fastify.close();
await bare.close();
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
