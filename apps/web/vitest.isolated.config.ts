import { defineConfig } from 'vitest/config';
import base, { filesMockingModules } from './vite.config.ts';

/** The web tests that mock modules (vi.mock), each file in a fresh module registry and jsdom. */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    name: 'web-isolated',
    include: filesMockingModules(),
    exclude: [],
    isolate: true,
  },
});
