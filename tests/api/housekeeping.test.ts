import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneCounters } from '../../src/server/modules/identity/services/housekeeping';
import { createSite } from '../factories';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();
const DAY = 24 * 60 * 60 * 1000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

describe.each(dialects)('pruning the sign-in and rate-limit counters on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('drops what no longer counts and keeps live windows, recent counts, locks and the owner’s sources', async () => {
    const site = await createSite(server.db);
    const window = (subject: string, startedAgo: number) => ({
      site_id: site.id,
      bucket: 'sign_in_failures',
      subject,
      window_started_at: iso(startedAgo),
      taken: 3,
      created_at: iso(startedAgo),
      updated_at: iso(startedAgo),
    });
    await server.db
      .insertInto('rate_limits')
      .values([window('old', 2 * DAY), window('live', 10 * 60 * 1000)])
      .execute();
    const attempts = (source: string, touchedAgo: number, extra: Record<string, unknown> = {}) => ({
      site_id: site.id,
      email: 'owner@example.com',
      source,
      failed_count: 2,
      lock_count: 0,
      locked_until: null,
      proven_at: null,
      created_at: iso(touchedAgo),
      updated_at: iso(touchedAgo),
      ...extra,
    });
    await server.db
      .insertInto('sign_in_attempts')
      .values([
        attempts('stale-guess', 2 * DAY),
        attempts('recent-guess', 60 * 60 * 1000),
        attempts('locked-last-week', 7 * DAY, { lock_count: 2, failed_count: 0 }),
        attempts('locked-long-ago', 40 * DAY, { lock_count: 3 }),
        attempts('owner', 400 * DAY, { failed_count: 0, proven_at: iso(400 * DAY) }),
      ])
      .execute();

    const pruned = await pruneCounters(server.db);

    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);
    const windows = await server.db
      .selectFrom('rate_limits')
      .select('subject')
      .where('site_id', '=', site.id)
      .execute();
    expect(windows.map((w) => w.subject)).toEqual(['live']);
    const sources = await server.db
      .selectFrom('sign_in_attempts')
      .select('source')
      .where('site_id', '=', site.id)
      .orderBy('source')
      .execute();
    expect(sources.map((s) => s.source)).toEqual(['locked-last-week', 'owner', 'recent-guess']);
  });
});
