import os from 'node:os';
import type { monitorSnapshotSchema } from '@switchboard/contracts';
import type { z } from 'zod';
import { JobRepo, type JobRunRow } from '../../platform/jobs/index';
import type { Platform, Services } from '../../platform/module';
import { MonitorRepo } from './repo';
import { processSampler } from './sampler';

export type MonitorSnapshotRecord = z.output<typeof monitorSnapshotSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_FAILURES = 5;

const runOf = (row: JobRunRow) => ({
  jobName: row.jobName,
  startedAt: row.startedAt,
  node: row.node,
  durationMs: row.durationMs,
  error: row.error,
});

/**
 * What the monitoring screen and `/metrics` show: the figures of this process (uptime, CPU,
 * memory, event-loop delay, its websockets and SMPP binds) and those every process shares
 * (database, queues, jobs, gateway binds), read from the services that own them.
 */
export class MonitorService {
  private readonly repo: MonitorRepo;
  private readonly jobs: JobRepo;
  private readonly startedAt = new Date(Date.now() - process.uptime() * 1000);
  readonly node = `${os.hostname()}:${process.pid}`;

  constructor(
    private readonly platform: Platform,
    private readonly services: Pick<Services, 'gateways' | 'smppServer' | 'sms'>,
  ) {
    this.repo = new MonitorRepo(platform.db);
    this.jobs = new JobRepo(platform.db);
    // Starts the event-loop histogram now, so the first snapshot has an interval to show.
    processSampler();
  }

  /** The database answers one query (liveness). */
  ping(): Promise<void> {
    return this.repo.ping();
  }

  async snapshot(): Promise<MonitorSnapshotRecord> {
    const { database, realtime } = this.platform;
    const { sms, smppServer, gateways } = this.services;
    const [sizeBytes, connections, queues, smppReceiptsDue, running, failures, states] = await Promise.all([
      this.repo.databaseSize(),
      database.kind === 'postgres' ? this.repo.connections() : Promise.resolve(null),
      sms.queueDepth(),
      smppServer.receiptsDue(),
      this.jobs.running(),
      this.jobs.failuresSince(new Date(Date.now() - DAY_MS), RECENT_FAILURES),
      gateways.states(),
    ]);
    const names = await gateways.namesOf(states.map((s) => s.gatewayId));
    const sample = processSampler().sample();
    const memory = process.memoryUsage();
    return {
      at: new Date(),
      process: {
        node: this.node,
        nodeVersion: process.version,
        startedAt: this.startedAt,
        uptimeSeconds: Math.floor(process.uptime()),
        cpuPercent: sample.cpuPercent,
        intervalMs: sample.intervalMs,
        memory: {
          rss: memory.rss,
          heapUsed: memory.heapUsed,
          heapTotal: memory.heapTotal,
          external: memory.external,
        },
        eventLoop: sample.eventLoop,
        host: {
          loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
          cpus: os.availableParallelism(),
          totalMemory: os.totalmem(),
          freeMemory: os.freemem(),
        },
      },
      database: {
        kind: database.kind,
        sizeBytes,
        connections,
        pool: database.poolStats?.() ?? null,
      },
      websocketConnections: realtime.size,
      smppBinds: smppServer.openBinds,
      queues: { ...queues, smppReceiptsDue },
      jobs: {
        running: running.map(runOf),
        failedLastDay: failures.count,
        recentFailures: failures.latest.map(runOf),
      },
      gateways: states
        .map((s) => ({
          gatewayId: s.gatewayId,
          name: names.get(s.gatewayId) ?? s.gatewayId,
          state: s.state,
          bound: s.bound,
          binds: s.binds,
          lastError: s.lastError,
          since: s.since === null ? null : new Date(s.since),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }
}
