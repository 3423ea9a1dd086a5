import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { testLimits } from '../../vitest.limits.ts';
import { precompress } from './build/precompress.ts';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Test files that replace a module with vi.mock. Files of the `web` project share their modules
 * (no isolation), where a mock would not reach a module another file has already loaded: these
 * run apart, isolated (vitest.isolated.config.ts).
 */
export function filesMockingModules(): string[] {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return fs
    .readdirSync(path.join(root, 'src'), { recursive: true })
    .map((file) => `src/${String(file).split(path.sep).join('/')}`)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock('));
}

export default defineConfig({
  // precompress: .br and .gz beside the built files, served as they are (apps/server platform/web-static.ts).
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Read by bench/web.ts to measure what each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries every route needs, in long-lived chunks of their own. antd stays split per
        // component, so the login page does not carry the tables and pickers of later screens.
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // One jsdom and one copy of antd, React and the app's modules per worker, not per file: setting
    // up jsdom and importing antd were half of this project's time. Each test leaves the shared
    // state as it found it (src/test/setup.ts cleans the DOM, notices and storage after each).
    isolate: false,
    exclude: [...configDefaults.exclude, ...filesMockingModules()],
    // Limits tell a slow test from a hung one: 60 s on an idle machine, more on a busy one (antd
    // screens render slowly in jsdom: at load 13 on 2 cores a journey of several screens took
    // 30 s). A test that needs longer says so itself, with the reason.
    // Testing Library's waits (findBy, waitFor) end at half a test's limit, so a wait that never
    // ends fails with its own message before the test's limit (TEST_WAIT_MS, src/test/setup.ts).
    ...testLimits,
    setupFiles: [...testLimits.setupFiles, './src/test/setup.ts'],
  },
});
