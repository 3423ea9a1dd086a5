import { defineConfig } from 'vitest/config';
import { testLimits } from '../../vitest.limits.ts';

export default defineConfig({
  test: {
    name: 'voice-sim',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    ...testLimits,
  },
});
