import { defineConfig } from 'vitest/config';

// API tests run once on the embedded PGlite and, when DATABASE_URL points at a real
// PostgreSQL (CI sets it), once more there: the same SQL must work on both.
const apiTestFiles = ['server/src/**/*.test.ts'];
// Tests that touch no database run once, in the unit project.
const unitTestFiles = ['**/*.unit.test.ts'];
const isPostgresAvailable = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contract/src/**/*.test.ts', 'web/src/**/*.test.ts', 'server/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTestFiles,
          exclude: unitTestFiles,
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(isPostgresAvailable
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTestFiles,
                exclude: unitTestFiles,
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/support/on-failure.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page on two busy cores (the demo's media jobs, the API tests) can take more
          // than the default second to show what a poll waits for.
          expect: { poll: { timeout: 10_000 } },
          // One Chromium at a time is what two cores can carry next to the API tests.
          fileParallelism: false,
        },
      },
    ],
  },
});
