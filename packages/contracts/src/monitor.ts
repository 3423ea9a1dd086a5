import { z } from 'zod';
import { GATEWAY_BIND_STATES } from './sms';
import { dateTime } from './wire';

/**
 * `GET /sys/monitor/snapshot` (staff): the figures of the server process that answered (several
 * processes each have their own) and those of the database every process shares.
 */

/** Milliseconds of a percentile; null when the loop was not sampled in the interval. */
const ms = z.number().nullable();

export const monitorProcessSchema = z.object({
  /** `host:pid` of the process that answered. */
  node: z.string(),
  nodeVersion: z.string(),
  startedAt: dateTime,
  uptimeSeconds: z.number(),
  /** CPU time of the process over the last sampling interval, % of one core (may pass 100). */
  cpuPercent: z.number(),
  /** The interval the CPU and event-loop figures cover (ms). */
  intervalMs: z.number(),
  memory: z.object({
    rss: z.number().int(),
    heapUsed: z.number().int(),
    heapTotal: z.number().int(),
    external: z.number().int(),
  }),
  /** Event-loop delay over the interval (ms). */
  eventLoop: z.object({ p50: ms, p99: ms, max: ms }),
  /** The machine: 1-minute load average (0 where the OS has none) and memory. */
  host: z.object({
    loadAverage: z.number(),
    cpus: z.number().int(),
    totalMemory: z.number().int(),
    freeMemory: z.number().int(),
  }),
});

export const monitorDatabaseSchema = z.object({
  kind: z.enum(['pglite', 'postgres']),
  sizeBytes: z.number().int(),
  /** PostgreSQL only (null on the embedded database): connections to this database. */
  connections: z
    .object({ total: z.number().int(), active: z.number().int(), max: z.number().int() })
    .nullable(),
  /** PostgreSQL only: this process's pool. */
  pool: z
    .object({
      total: z.number().int(),
      idle: z.number().int(),
      waiting: z.number().int(),
      max: z.number().int(),
    })
    .nullable(),
});

/** Messages not final yet and deliveries owed, counted across every process. */
export const monitorQueuesSchema = z.object({
  /** Accepted and due: waiting for a dispatcher. */
  accepted: z.number().int(),
  /** Accepted for a later time (scheduled, or a retry's back-off). */
  scheduled: z.number().int(),
  /** Claimed by a dispatcher, not answered by the gateway yet. */
  queued: z.number().int(),
  /** Sent, waiting for the receipt. */
  sent: z.number().int(),
  /** Delivery-report callbacks to customers still to be made. */
  callbacksPending: z.number().int(),
  /** Gateway receipts whose message is not known yet. */
  receiptsUnmatched: z.number().int(),
  /** Receipts owed to customers' SMPP binds. */
  smppReceiptsDue: z.number().int(),
});

export const monitorJobRunSchema = z.object({
  jobName: z.string(),
  startedAt: dateTime,
  node: z.string(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const monitorJobsSchema = z.object({
  /** Runs going on now, in any process. */
  running: z.array(monitorJobRunSchema),
  /** Failed runs of the last 24 hours. */
  failedLastDay: z.number().int(),
  /** The latest failed runs (at most 5). */
  recentFailures: z.array(monitorJobRunSchema),
});

export const monitorGatewaySchema = z.object({
  gatewayId: z.string(),
  name: z.string(),
  state: z.enum(GATEWAY_BIND_STATES),
  bound: z.number().int(),
  binds: z.number().int(),
  lastError: z.string().nullable(),
  since: dateTime.nullable(),
});

export const monitorSnapshotSchema = z.object({
  at: dateTime,
  process: monitorProcessSchema,
  database: monitorDatabaseSchema,
  /** Open in this process. */
  websocketConnections: z.number().int(),
  /** Customer SMPP binds open in this process (null: this process runs no SMPP server). */
  smppBinds: z.number().int().nullable(),
  queues: monitorQueuesSchema,
  jobs: monitorJobsSchema,
  gateways: z.array(monitorGatewaySchema),
});
export type MonitorSnapshot = z.input<typeof monitorSnapshotSchema>;
export type MonitorGateway = z.input<typeof monitorGatewaySchema>;
export type MonitorJobRun = z.input<typeof monitorJobRunSchema>;
