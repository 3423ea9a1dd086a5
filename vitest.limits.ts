import os from 'node:os';

/**
 * How busy the machine is as a test run starts: runnable processes per core (1 when idle, at most
 * 10). Every project's limits are 60 s on an idle machine, so a hung test fails within a minute, and
 * grow with the load, so a test starved by others' work on a shared 2-core machine is not taken for
 * hung. A test that needs longer says so itself, with the reason (the load does not scale those).
 */
export const busy = Math.min(10, Math.max(1, (os.loadavg()[0] ?? 0) / os.availableParallelism()));

/** Test and hook limits for a vitest project. */
export const testLimits = { testTimeout: 60_000 * busy, hookTimeout: 60_000 * busy } as const;
