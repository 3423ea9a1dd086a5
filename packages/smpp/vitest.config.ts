import { defineConfig } from 'vitest/config';
import { testLimits } from '../../vitest.limits.ts';

export default defineConfig({
  test: {
    name: 'smpp',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    ...testLimits,
  },
});
