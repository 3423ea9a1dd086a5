import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Figures measured over an interval are taken at most this often (callers share the interval). */
export const MIN_SAMPLE_INTERVAL_MS = 1_000;

export interface ProcessSample {
  /** CPU time over the interval, % of one core. */
  cpuPercent: number;
  intervalMs: number;
  /** Event-loop delay over the interval, ms (null: not sampled in it). */
  eventLoop: { p50: number | null; p99: number | null; max: number | null };
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/**
 * CPU and event-loop delay of this process over the interval since the previous sample. The
 * first sample covers the time since the process started. A sample asked for within a second of
 * the previous one answers that one again, so several screens and a Prometheus scraping at once
 * do not shrink each other's interval to nothing.
 */
export class ProcessSampler {
  private readonly loop: ReturnType<typeof monitorEventLoopDelay>;
  private last = { at: 0, cpu: { user: 0, system: 0 } };
  private current: ProcessSample | undefined;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly cpuUsage: (previous?: NodeJS.CpuUsage) => NodeJS.CpuUsage = (previous) =>
      process.cpuUsage(previous),
  ) {
    // 10 ms resolution: the histogram's own timer costs nothing measurable at that rate.
    this.loop = monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
  }

  sample(): ProcessSample {
    const at = this.now();
    const elapsed = at - this.last.at;
    if (this.current && elapsed < MIN_SAMPLE_INTERVAL_MS) return this.current;
    const used = this.cpuUsage(this.last.cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const sampled = this.loop.count > 0;
    const ms = (nanoseconds: number) => (sampled ? round(nanoseconds / 1e6, 2) : null);
    this.current = {
      cpuPercent: elapsed > 0 ? round((cpuMs / elapsed) * 100, 1) : 0,
      intervalMs: Math.round(elapsed),
      eventLoop: {
        p50: ms(this.loop.percentile(50)),
        p99: ms(this.loop.percentile(99)),
        max: ms(this.loop.max),
      },
    };
    this.loop.reset();
    this.last = { at, cpu: this.cpuUsage() };
    return this.current;
  }
}

let shared: ProcessSampler | undefined;
/** The one sampler of this process (every server built in it shares the process). */
export function processSampler(): ProcessSampler {
  shared ??= new ProcessSampler();
  return shared;
}
