import { defineConfig } from 'vitest/config';

/** Browser-test workers, each with a server of its own (tests/e2e/globalSetup.ts); E2E_WORKERS=1: one by one. */
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
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
          // A worker per server (tests/e2e/globalSetup.ts): each worker's files run one after another.
          maxWorkers: e2eWorkers,
          globalSetup: ['tests/e2e/globalSetup.ts'],
        },
      },
    ],
  },
});
