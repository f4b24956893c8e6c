import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll waits up to 10 s (vitest's default is 1 s): a screen that settles after its
    // lazy chunk, translations and data arrive on a loaded two-core machine is not a failure.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Two cores: two browsers at a time is the most this machine runs well.
    maxWorkers: 2,
    // The server is imported once per worker, not once per file (docs/decisions/0587).
    isolate: false,
  },
});
