import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // The files of a worker share their modules (fastify, drizzle, PGlite, the app's) instead of
    // importing them again per file, and the harness's database dumps. Each file builds its own
    // server over its own database; no test changes module state.
    isolate: false,
    // Limits only stop a hung test or hook; nothing waits for them.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
