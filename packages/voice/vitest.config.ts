import { defineConfig } from 'vitest/config';
import { testLimits } from '../../vitest.limits';

export default defineConfig({
  test: {
    name: 'voice',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    ...testLimits,
  },
});
