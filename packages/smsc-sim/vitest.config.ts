import { defineConfig } from 'vitest/config';
import { testLimits } from '../../vitest.limits.ts';

export default defineConfig({
  test: {
    name: 'smsc-sim',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Limits tell a slow test from a hung one: 60 s on an idle machine, more on a busy one. A test
    // that needs longer says so itself, with the reason.
    ...testLimits,
  },
});
