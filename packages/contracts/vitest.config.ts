import { defineConfig } from 'vitest/config';
import { testLimits } from '../../vitest.limits.ts';

export default defineConfig({
  test: {
    name: 'contracts',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // Limits tell a slow test from a hung one: 60 s on an idle machine, more on a busy one (vitest's
    // 5 s failed a million-step sum and a proof of work at load 30 on 2 cores).
    ...testLimits,
  },
});
