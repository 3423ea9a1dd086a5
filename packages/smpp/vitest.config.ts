import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'smpp',
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
