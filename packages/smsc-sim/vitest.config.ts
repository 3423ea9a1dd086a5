import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** Runnable processes per core as the run starts (1 to 10): the test limits grow with it. */
const busy = Math.min(10, Math.max(1, (os.loadavg()[0] ?? 0) / os.availableParallelism()));

export default defineConfig({
  test: {
    name: 'smsc-sim',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Limits tell a slow test from a hung one: 60 s on an idle machine, more on a busy one. A test
    // that needs longer says so itself, with the reason.
    testTimeout: 60_000 * busy,
    hookTimeout: 60_000 * busy,
  },
});
