import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API test file opens its own database; two files at a time keep a 2-core machine usable.
    maxWorkers: 2,
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
