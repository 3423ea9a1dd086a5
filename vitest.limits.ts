import { fileURLToPath } from 'node:url';
import { busyNow, limitMs } from './vitest.load.ts';

/** How busy the machine is as a test run starts. */
const busy = busyNow();

/**
 * Every project's limits and worker settings. The limits are 60 s on an idle machine, so a hung test
 * fails within a minute, and grow with the load, so a test starved by others' work on a shared
 * 2-core machine is not taken for hung: set as the run starts, and set again as each test file
 * starts (`vitest.setup-limits.ts`), since a run of minutes sees the load change (a file whose
 * set-up started at load 16, limits set at load 1, ran past 60 s). A test that needs longer says so
 * itself, with the reason (the load does not scale those).
 *
 * The workers run V8 with a young generation of 32 MB semi-spaces instead of the default 16, so
 * React's, antd's and PGlite's short-lived objects are collected less often (a screen test's time
 * in the collector fell by about a third, measured in a profile of one file).
 */
export const testLimits = {
  testTimeout: limitMs(busy),
  hookTimeout: limitMs(busy),
  execArgv: ['--max-semi-space-size=32'],
  setupFiles: [fileURLToPath(new URL('./vitest.setup-limits.ts', import.meta.url))],
};
