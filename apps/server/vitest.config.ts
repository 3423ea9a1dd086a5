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
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
