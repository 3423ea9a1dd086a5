import { createHash, timingSafeEqual } from 'node:crypto';
import { GATEWAY_BIND_STATES } from '@switchboard/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Config } from '../../platform/config';
import { AppError, sendError } from '../../platform/envelope';
import { ipAllowed } from '../../platform/ip-rules';
import type { MonitorService, MonitorSnapshotRecord } from './service';

let processRegistry: Registry | undefined;
/**
 * prom-client's default metrics of this process (CPU, memory, heap, event loop, GC, handles):
 * collected once per process, however many servers it builds (tests build many).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const QUEUE_STATUSES = ['accepted', 'scheduled', 'queued', 'sent'] as const;

/** The platform's gauges, set from one monitoring snapshot per scrape. */
export class MonitorMetrics {
  private readonly own = new Registry();
  private readonly registry: Registry;
  private readonly gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [this.own] });
  private readonly g = {
    queue: this.gauge('switchboard_sms_queue_messages', 'SMS messages not final, by where they wait', [
      'status',
    ]),
    callbacks: this.gauge('switchboard_sms_callbacks_pending', 'Delivery-report callbacks still to be made'),
    unmatched: this.gauge(
      'switchboard_sms_receipts_unmatched',
      'Gateway receipts whose message is not known yet',
    ),
    smppDue: this.gauge('switchboard_smpp_receipts_due', "Receipts waiting for a customer's SMPP bind"),
    gateways: this.gauge('switchboard_gateways', 'Gateways by bind state', ['state']),
    gatewayState: this.gauge(
      'switchboard_gateway_state',
      "A gateway's bind state (1 for its current state)",
      ['gateway', 'state'],
    ),
    gatewayBound: this.gauge('switchboard_gateway_binds_bound', "A gateway's bind slots bound now", [
      'gateway',
    ]),
    gatewayBinds: this.gauge('switchboard_gateway_binds_configured', "A gateway's bind slots configured", [
      'gateway',
    ]),
    websockets: this.gauge('switchboard_websocket_connections', 'Websocket connections open in this process'),
    smppBinds: this.gauge('switchboard_smpp_binds', "Customers' SMPP binds open in this process"),
    jobsRunning: this.gauge('switchboard_jobs_running', 'Scheduled job runs going on now (every process)'),
    jobFailures: this.gauge(
      'switchboard_job_failures_last_day',
      'Scheduled job runs that failed in the last 24 hours',
    ),
    dbSize: this.gauge('switchboard_database_size_bytes', 'Size of the database'),
    dbConnections: this.gauge(
      'switchboard_database_connections',
      'Connections to the database (PostgreSQL)',
      ['state'],
    ),
    pool: this.gauge('switchboard_database_pool_connections', "This process's database pool (PostgreSQL)", [
      'state',
    ]),
  };

  constructor(private readonly monitor: MonitorService) {
    this.registry = Registry.merge([processMetrics(), this.own]);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The metrics in Prometheus text format. */
  async render(): Promise<string> {
    this.set(await this.monitor.snapshot());
    return this.registry.metrics();
  }

  private set(s: MonitorSnapshotRecord) {
    const { g } = this;
    for (const status of QUEUE_STATUSES) g.queue.set({ status }, s.queues[status]);
    g.callbacks.set(s.queues.callbacksPending);
    g.unmatched.set(s.queues.receiptsUnmatched);
    g.smppDue.set(s.queues.smppReceiptsDue);
    // Gateways come and go: the labelled series are rebuilt every time.
    g.gatewayState.reset();
    g.gatewayBound.reset();
    g.gatewayBinds.reset();
    for (const state of GATEWAY_BIND_STATES) {
      g.gateways.set({ state }, s.gateways.filter((gw) => gw.state === state).length);
    }
    for (const gw of s.gateways) {
      for (const state of GATEWAY_BIND_STATES)
        g.gatewayState.set({ gateway: gw.name, state }, gw.state === state ? 1 : 0);
      g.gatewayBound.set({ gateway: gw.name }, gw.bound);
      g.gatewayBinds.set({ gateway: gw.name }, gw.binds);
    }
    g.websockets.set(s.websocketConnections);
    g.smppBinds.reset();
    if (s.smppBinds !== null) g.smppBinds.set(s.smppBinds);
    g.jobsRunning.set(s.jobs.running.length);
    g.jobFailures.set(s.jobs.failedLastDay);
    g.dbSize.set(s.database.sizeBytes);
    g.dbConnections.reset();
    if (s.database.connections) {
      g.dbConnections.set({ state: 'total' }, s.database.connections.total);
      g.dbConnections.set({ state: 'active' }, s.database.connections.active);
      g.dbConnections.set({ state: 'max' }, s.database.connections.max);
    }
    g.pool.reset();
    if (s.database.pool) {
      g.pool.set({ state: 'total' }, s.database.pool.total);
      g.pool.set({ state: 'idle' }, s.database.pool.idle);
      g.pool.set({ state: 'waiting' }, s.database.pool.waiting);
    }
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics: a request bearing METRICS_TOKEN, or one from an address in
 * METRICS_ALLOW. With neither configured nobody may: the endpoint is closed by default (a reverse
 * proxy on the same host would make every visitor look local, so loopback is not trusted either).
 */
export function metricsAccess(config: Config['metrics'], request: Pick<FastifyRequest, 'headers' | 'ip'>) {
  if (config.token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (match?.[1] && timingSafeEqual(digest(match[1]), digest(config.token))) return true;
  }
  return config.allow.length > 0 && ipAllowed(request.ip, config.allow);
}

/** `GET /metrics` (outside /api, where Prometheus looks): the process's and the platform's metrics. */
export function registerMetricsRoute(server: FastifyInstance, metrics: MonitorMetrics, config: Config) {
  server.get(
    '/metrics',
    {
      // Checked here (token or address), not by a session.
      config: { access: 'public' },
      schema: { hide: true },
      preHandler: server.rateLimit({ max: 120, timeWindow: '1 minute' }),
    },
    async (request, reply) => {
      if (!metricsAccess(config.metrics, request)) {
        if (config.metrics.token) void reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return sendError(
          request,
          reply,
          new AppError('METRICS_NOT_ALLOWED', config.metrics.token ? 401 : 403),
        );
      }
      const body = await metrics.render();
      return reply.header('Cache-Control', 'no-store').type(metrics.contentType).send(body);
    },
  );
}
