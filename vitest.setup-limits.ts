import { vi } from 'vitest';
import { busyNow, limitMs } from './vitest.load.ts';

// Each test file's limits from the load as it starts (vitest.limits.ts); vitest resets them after
// the file. TEST_WAIT_MS is Testing Library's wait limit in the web tests (half a test's).
const load = busyNow();
vi.setConfig({ testTimeout: limitMs(load), hookTimeout: limitMs(load) });
process.env.TEST_WAIT_MS = String(limitMs(load) / 2);
