import os from 'node:os';

/**
 * How busy the machine is now: runnable processes per core (1 when idle, at most 10), from the
 * last minute's load average.
 */
export function busyNow(): number {
  return Math.min(10, Math.max(1, (os.loadavg()[0] ?? 0) / os.availableParallelism()));
}

/** A test's and a hook's limit at a given load (busyNow): 60 s on an idle machine. */
export const limitMs = (load: number): number => 60_000 * load;
