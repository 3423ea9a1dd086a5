import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API test file opens its own database; two files at a time keep a 2-core machine usable.
    maxWorkers: 2,
    // Not experimental.fsModuleCache: it keeps a module's transform by the module's own content, so
    // an import.meta.glob went stale when a file was added beside it (a new locale namespace went
    // unseen by locales.test.ts until the cache was removed), though it cut a rerun's transforms.
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
