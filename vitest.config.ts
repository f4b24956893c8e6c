import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/server/src/lib/**/*.test.ts',
            'apps/server/src/policies/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/lib/**', 'apps/server/src/policies/**'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: ['apps/server/src/test/declared-errors.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Vitest's default is one worker fewer than the cores: one on this two-core machine, which
          // left a core idle while a file waited on its database (docs/testing.md).
          maxWorkers: 2,
          // Files share a worker's module cache: the app is imported once per worker, not once per
          // file (half the suite's time went to imports; docs/decisions/0587).
          isolate: false,
        },
      },
    ],
  },
});
