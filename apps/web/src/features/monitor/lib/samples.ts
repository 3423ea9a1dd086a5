import type { MonitorSnapshot } from '@switchboard/contracts';

/** One point of the charts, taken from a snapshot. */
export interface MonitorSample {
  /** Milliseconds since the epoch (the snapshot's `at`). */
  at: number;
  /** The process that answered: a new one (another process behind a balancer, a restart) starts a new series. */
  node: string;
  cpuPercent: number;
  loopP99: number | null;
  rssMb: number;
  heapUsedMb: number;
  accepted: number;
  queued: number;
  sent: number;
  callbacksPending: number;
  websockets: number;
}

/** How many samples the charts keep: 10 minutes at one every 5 s. */
export const MAX_SAMPLES = 120;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export function sampleOf(snapshot: MonitorSnapshot): MonitorSample {
  return {
    at: Date.parse(snapshot.at),
    node: snapshot.process.node,
    cpuPercent: snapshot.process.cpuPercent,
    loopP99: snapshot.process.eventLoop.p99,
    rssMb: mb(snapshot.process.memory.rss),
    heapUsedMb: mb(snapshot.process.memory.heapUsed),
    accepted: snapshot.queues.accepted,
    queued: snapshot.queues.queued,
    sent: snapshot.queues.sent,
    callbacksPending: snapshot.queues.callbacksPending,
    websockets: snapshot.websocketConnections,
  };
}

/**
 * The samples with a snapshot added: in time order, a snapshot already there (the same `at`)
 * not added twice, at most `max` kept (the oldest go first). Samples of another process than the
 * newest snapshot's are dropped: its figures are not comparable with this one's.
 */
export function appendSample(
  samples: readonly MonitorSample[],
  snapshot: MonitorSnapshot,
  max = MAX_SAMPLES,
): MonitorSample[] {
  const next = sampleOf(snapshot);
  const kept = samples.filter((s) => s.node === next.node && s.at !== next.at);
  const merged = [...kept, next].sort((a, b) => a.at - b.at);
  return merged.slice(Math.max(0, merged.length - max));
}
