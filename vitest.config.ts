import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API test file opens its own database; two files at a time keep a 2-core machine usable.
    maxWorkers: 2,
    // Transformed modules kept on disk between runs (node_modules/.experimental-vitest-cache, keyed
    // by each file's content): a rerun skips most of the transform, which the main process does
    // beside the two workers (the unit files: 15-20 s of transform to 3-6 s, measured).
    experimental: { fsModuleCache: true },
    // A worker closing its databases and jsdom on a starved machine: given time, not killed.
    teardownTimeout: 120_000,
    projects: [
      'packages/contracts',
      'packages/smpp',
      'packages/smsc-sim',
      'packages/voice',
      'packages/voice-sim',
      'apps/server',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
    ],
  },
});
