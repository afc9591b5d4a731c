import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Workers of the unit, API and security projects. Vitest's own default leaves a core free (one worker on two cores),
 * but these tests wait on sockets and PostgreSQL as much as they compute, so two files at once fill two cores.
 * TEST_WORKERS=1: one file at a time.
 */
const nodeWorkers = Math.max(1, Number(process.env.TEST_WORKERS ?? Math.max(2, os.availableParallelism() - 1)) || 1);

/** Browser-test workers, each with a server of its own (tests/e2e/globalSetup.ts); E2E_WORKERS=1: one by one. */
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

/** Security tests that hold a request to a CPU and event-loop budget, or to a time measured beside it. */
const timedSecurityFiles = ['tests/security/worstInput.test.ts', 'tests/security/signInFlood.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: nodeWorkers } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          maxWorkers: nodeWorkers,
          // A worker's files share its modules rather than importing the server anew for each (a fifth of the
          // layer's time): each file starts its own server on its own database, fake clocks are put back after each
          // test, and what the server keeps per process is per database or given back when its call ends.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          exclude: [...timedSecurityFiles],
          maxWorkers: nodeWorkers,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // What measures a request's own CPU time and the event loop's delay runs alone, after the rest of the
        // security suite: another file's work on the other core would be counted against it.
        test: {
          name: 'security-timed',
          include: [...timedSecurityFiles],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'crash',
          include: ['tests/crash/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A page's answer to a typed search or a click can take seconds on a busy machine; the default second of
          // expect.poll made such waits fail there, while Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 10_000 } },
          // A worker per server (tests/e2e/globalSetup.ts): each worker's files run one after another.
          maxWorkers: e2eWorkers,
          globalSetup: ['tests/e2e/globalSetup.ts'],
        },
      },
    ],
  },
});
