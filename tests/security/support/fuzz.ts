import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../factories';
import type { Dialect } from '../../support/databases';
import { snapshotRows } from '../../support/inspect';
import { startTestServer, type TestServer } from '../../support/server';
import { signedInCaller } from './callers';
import { everyCall } from './calls';
import { fuzzProperties } from './fuzzCases';
import { hugeCases } from './fuzzEnvelopes';
import type { FuzzRequest } from './fuzzRequests';
import { expectErrorAnswer, send } from './http';
import { validData } from './validData';

/** Runs per call and property; FUZZ_RUNS=300 for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/**
 * A malformed request is refused by the dispatcher's parsing, before any query, the same on either database: the
 * second dialect proves that this holds and that nothing is written there too, with a third of the runs.
 */
const runsOn = (dialect: string) => (dialect === 'sqlite' ? RUNS : Math.ceil(RUNS / 3));

/**
 * Fuzzing every call on one database. Each database's run is a test file of its own (fuzz.<dialect>.test.ts), so that
 * the two run side by side on the suite's two workers.
 */
export function fuzzEveryCall(dialect: Dialect) {
  describe(`fuzzing every call on ${dialect}`, () => {
    let server: TestServer;
    let site: { id: number; name: string };
    let token: string | null;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      site = await createSite(server.db);
      // An administrator's session, so every call's gate is passed and the malformed data reaches the parser.
      token = (await signedInCaller(server, site, 'admin')).token;
    });
    afterAll(() => server.close());

    async function expectRefusal(call: { name: string; file: string }, request: FuzzRequest) {
      const answer = await send(`${server.url}/api/backend/${call.file}`, {
        headers: {
          site: site.name,
          ...(token ? { authorization: token } : {}),
          ...(request.contentType === null ? {} : { 'content-type': request.contentType }),
        },
        body: request.body,
      });
      expectErrorAnswer(answer, `${call.name}, ${request.label}`);
    }

    it.each(everyCall)(
      '$name refuses every malformed request with a 4xx JSON error and writes nothing',
      async (call) => {
        const before = await snapshotRows(server);
        let sent = 0;
        const runs = runsOn(dialect);
        for (const property of fuzzProperties(call, runs)) {
          await fc.assert(
            fc.asyncProperty(property.arbitrary, async (request) => {
              if (request === null) return; // the generated input was valid: not a fuzz case
              sent++;
              await expectRefusal(call, request);
            }),
            { numRuns: property.runs, endOnFailure: true },
          );
        }
        // Megabytes of each: refused while the body is read or parsed, before anything touches a database, so they
        // are sent on SQLite alone.
        if (dialect === 'sqlite') {
          for (const request of hugeCases(call, validData(call.data))) {
            sent++;
            await expectRefusal(call, request);
          }
        }
        expect(sent, 'cases actually sent').toBeGreaterThan(runs * 3);
        expect(await snapshotRows(server), 'no table changed').toEqual(before);
        // The server runs in this process: a polluted prototype would show here.
        const probe: Record<string, unknown> = {};
        for (const key of ['polluted', 'isAdmin', 'user_type', 'privilegies']) expect(probe[key], key).toBeUndefined();
      },
    );
  });
}
