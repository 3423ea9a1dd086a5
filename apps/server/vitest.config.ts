import { defineConfig } from 'vitest/config';

/**
 * HOSTILE_WALK=1 runs only the walk of every route with hostile input (test/*.walk.ts): minutes
 * of requests, so it is its own step of CI (`npm run test:hostile`) rather than part of
 * `npm test`.
 */
const walk = process.env.HOSTILE_WALK === '1';

export default defineConfig({
  test: {
    name: 'server',
    include: walk ? ['test/**/*.walk.ts'] : ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // The files of a worker share their modules (fastify, drizzle, PGlite, the app's) instead of
    // importing them again per file, and the harness's database dumps. Each file builds its own
    // server over its own database; no test changes module state.
    isolate: false,
    // Limits only stop a hung test or hook; nothing waits for them. Generous: beside other suites
    // on this 2-core machine (load 30 was seen) starting one server and signing in took over 120 s.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
