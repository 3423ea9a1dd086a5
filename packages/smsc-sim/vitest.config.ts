import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'smsc-sim',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Limits only stop a hung test; nothing waits for them (the machine can be very busy).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
