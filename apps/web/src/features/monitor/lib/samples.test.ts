import type { MonitorSnapshot } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatMs, formatUptime } from './format';
import { appendSample, sampleOf } from './samples';

function snapshot(
  at: string,
  over: { node?: string; cpu?: number; accepted?: number } = {},
): MonitorSnapshot {
  return {
    at,
    process: {
      node: over.node ?? 'host:1',
      nodeVersion: 'v20.0.0',
      startedAt: '2026-11-26T00:00:00.000Z',
      uptimeSeconds: 10,
      cpuPercent: over.cpu ?? 5,
      intervalMs: 5000,
      memory: {
        rss: 200 * 1024 * 1024,
        heapUsed: 50 * 1024 * 1024,
        heapTotal: 80 * 1024 * 1024,
        external: 0,
      },
      eventLoop: { p50: 10.1, p99: 12.5, max: 20 },
      host: { loadAverage: 0.5, cpus: 4, totalMemory: 8e9, freeMemory: 4e9 },
    },
    database: { kind: 'pglite', sizeBytes: 1, connections: null, pool: null },
    websocketConnections: 2,
    smppBinds: null,
    queues: {
      accepted: over.accepted ?? 0,
      scheduled: 0,
      queued: 1,
      sent: 3,
      callbacksPending: 4,
      receiptsUnmatched: 0,
      smppReceiptsDue: 0,
    },
    jobs: { running: [], failedLastDay: 0, recentFailures: [] },
    gateways: [],
  };
}

describe('monitor samples', () => {
  it('takes the charted figures of a snapshot (memory in MB)', () => {
    expect(sampleOf(snapshot('2026-11-26T10:00:00.000Z', { accepted: 7 }))).toEqual({
      at: Date.parse('2026-11-26T10:00:00.000Z'),
      node: 'host:1',
      cpuPercent: 5,
      loopP99: 12.5,
      rssMb: 200,
      heapUsedMb: 50,
      accepted: 7,
      queued: 1,
      sent: 3,
      callbacksPending: 4,
      websockets: 2,
    });
  });

  it('adds in time order, once per snapshot, keeping the newest `max`', () => {
    let samples = appendSample([], snapshot('2026-11-26T10:00:05.000Z', { cpu: 2 }));
    samples = appendSample(samples, snapshot('2026-11-26T10:00:00.000Z', { cpu: 1 }));
    samples = appendSample(samples, snapshot('2026-11-26T10:00:05.000Z', { cpu: 2 }));
    expect(samples.map((s) => s.cpuPercent)).toEqual([1, 2]);
    for (let i = 0; i < 5; i++) {
      samples = appendSample(samples, snapshot(`2026-11-26T10:01:0${i}.000Z`, { cpu: 10 + i }), 3);
    }
    expect(samples.map((s) => s.cpuPercent)).toEqual([12, 13, 14]);
  });

  it('starts over when another process answers (its figures are not comparable)', () => {
    let samples = appendSample([], snapshot('2026-11-26T10:00:00.000Z'));
    samples = appendSample(samples, snapshot('2026-11-26T10:00:05.000Z'));
    samples = appendSample(samples, snapshot('2026-11-26T10:00:10.000Z', { node: 'host:2' }));
    expect(samples).toHaveLength(1);
    expect(samples[0]?.node).toBe('host:2');
  });
});

describe('monitor formatting', () => {
  it('bytes 1024-based with separators', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
    expect(formatBytes(2000 * 1024 ** 4)).toBe('2,000.0 TB');
    expect(formatBytes(null)).toBe('–');
  });

  it('uptime from its largest unit', () => {
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(65)).toBe('1m 5s');
    expect(formatUptime(2 * 86_400 + 3 * 3_600 + 4 * 60 + 5)).toBe('2d 3h 4m 5s');
    expect(formatUptime(3_600, { d: '天', h: '时', m: '分', s: '秒' })).toBe('1时 0分 0秒');
  });

  it('milliseconds with two decimals or a dash', () => {
    expect(formatMs(1234.5)).toBe('1,234.50 ms');
    expect(formatMs(null)).toBe('–');
  });
});
