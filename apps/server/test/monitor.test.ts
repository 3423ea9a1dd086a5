import { randomUUID } from 'node:crypto';
import type { MonitorSnapshot } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { demoGatewayId } from '../src/modules/gateway/demo';
import { metricsAccess } from '../src/modules/monitor';
import { ProcessSampler } from '../src/modules/monitor/sampler';
import { ConfigError, loadConfig } from '../src/platform/config';
import { jobRuns, smsCallbacks, smsMessages } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { companyId, EN, eventually, expectError, expectOk, text, tokenOf, userId, ZH } from './support/api';

const TOKEN = 'metrics-token-0123456789abcdef';
const DIRECT = companyId('Direct Retail Ltd');

let s: TestServer;
/** A server as shipped: /metrics configured by neither variable. */
let closed: TestServer;
let admin: string;

beforeAll(async () => {
  [s, closed] = await Promise.all([
    startServer({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: '10.9.0.0/16', TRUST_PROXY: '1' }),
    startServer(),
  ]);
  admin = await tokenOf(s, 'admin');
});
afterAll(() => Promise.all([s?.close(), closed?.close()]));

const snapshot = async () =>
  expectOk(await s.call<MonitorSnapshot>('GET', '/sys/monitor/snapshot', { token: admin }));

/** Messages not final of Direct Retail, written as the pipeline would leave them. */
async function insertMessages(rows: { status: string; dueInMs?: number }[]) {
  const now = Date.now();
  const values = rows.map((r) => ({
    id: randomUUID(),
    companyId: DIRECT,
    kind: 'notification',
    source: 'api',
    toNumber: '8613800138000',
    text: 'monitor test',
    parts: 1,
    encoding: 'gsm7',
    status: r.status,
    nextAttemptAt: new Date(now + (r.dueInMs ?? -1_000)),
    validUntil: new Date(now + 3_600_000),
  }));
  await s.app.database.db.insert(smsMessages).values(values);
  return values;
}

/** Prometheus text format: every line a comment (HELP/TYPE) or `name{labels} value`. */
function parseMetrics(body: string) {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  const types = new Map<string, string>();
  for (const line of body.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/.exec(line);
    expect(sample, `not a Prometheus sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const m of (sample![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[m[1]!] = m[2]!;
    }
    samples.push({ name: sample![1]!, labels, value: Number(sample![3]) });
  }
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))
      ?.value;
  return { samples, types, value };
}

async function metrics(server: TestServer, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

describe('GET /sys/monitor/snapshot', () => {
  it("answers the process's figures and the database's", async () => {
    const snap = await snapshot();
    expect(snap.process.node).toMatch(/:\d+$/);
    expect(snap.process.nodeVersion).toBe(process.version);
    expect(snap.process.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(snap.process.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(snap.process.memory.rss).toBeGreaterThan(snap.process.memory.heapUsed);
    expect(snap.process.memory.heapTotal).toBeGreaterThanOrEqual(snap.process.memory.heapUsed);
    expect(snap.process.host.cpus).toBeGreaterThan(0);
    expect(Date.parse(snap.at)).toBeGreaterThan(Date.parse(snap.process.startedAt));
    expect(snap.database.sizeBytes).toBeGreaterThan(1_000_000);
    if (s.databaseUrl === undefined) {
      // The embedded database: its size, and no connections or pool to speak of.
      expect(snap.database).toMatchObject({ kind: 'pglite', connections: null, pool: null });
    } else {
      // PostgreSQL: this server's connections are among the database's, within its pool.
      expect(snap.database.kind).toBe('postgres');
      const { connections, pool } = snap.database;
      expect(connections!.total).toBeGreaterThanOrEqual(1);
      expect(connections!.active).toBeGreaterThanOrEqual(1);
      expect(connections!.max).toBeGreaterThanOrEqual(connections!.total);
      expect(pool!.total).toBeGreaterThanOrEqual(1);
      expect(pool!.max).toBe(20);
    }
    // The API tests' servers run no customer SMPP server (the harness sets SMPP_PORT off).
    expect(snap.smppBinds).toBeNull();
  });

  it('shows the event-loop delay of the interval once the loop was sampled', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const snap = await eventually(async () => {
      const next = await snapshot();
      expect(next.process.eventLoop.p99).not.toBeNull();
      return next;
    });
    const { p50, p99, max } = snap.process.eventLoop;
    expect(p50!).toBeGreaterThan(0);
    expect(p99!).toBeGreaterThanOrEqual(p50!);
    expect(max!).toBeGreaterThanOrEqual(p99!);
  });

  it('counts SMS messages not final by where they wait, and callbacks owed', async () => {
    const before = (await snapshot()).queues;
    const inserted = await insertMessages([
      { status: 'accepted' },
      { status: 'accepted' },
      { status: 'accepted', dueInMs: 3_600_000 },
      { status: 'queued' },
      { status: 'sent' },
      { status: 'sent' },
      { status: 'sent' },
      { status: 'delivered' },
    ]);
    await s.app.database.db
      .insert(smsCallbacks)
      .values({ messageId: inserted[7]!.id, companyId: DIRECT, body: '{}' });
    const after = (await snapshot()).queues;
    expect(after.accepted - before.accepted).toBe(2);
    expect(after.scheduled - before.scheduled).toBe(1);
    expect(after.queued - before.queued).toBe(1);
    expect(after.sent - before.sent).toBe(3);
    expect(after.callbacksPending - before.callbacksPending).toBe(1);
    expect(after.receiptsUnmatched).toBeGreaterThanOrEqual(0);
    expect(after.smppReceiptsDue).toBeGreaterThanOrEqual(0);
  });

  it('shows job runs going on and the latest failures', async () => {
    const at = new Date();
    await s.app.database.db.insert(jobRuns).values([
      {
        jobName: 'monitor.test.running',
        slot: at,
        trigger: 'manual',
        status: 'running',
        node: 'elsewhere:1',
      },
      {
        jobName: 'monitor.test.failed',
        slot: at,
        trigger: 'manual',
        status: 'failed',
        node: 'elsewhere:1',
        durationMs: 12,
        error: 'boom',
        startedAt: new Date(at.getTime() + 1),
      },
      {
        jobName: 'monitor.test.old',
        slot: at,
        trigger: 'manual',
        status: 'failed',
        node: 'elsewhere:1',
        error: 'long ago',
        startedAt: new Date(at.getTime() - 2 * 24 * 3_600_000),
      },
    ]);
    const { jobs } = await snapshot();
    expect(jobs.running.map((r) => r.jobName)).toContain('monitor.test.running');
    expect(jobs.recentFailures[0]).toMatchObject({
      jobName: 'monitor.test.failed',
      error: 'boom',
      durationMs: 12,
    });
    expect(jobs.recentFailures.map((r) => r.jobName)).not.toContain('monitor.test.old');
    expect(jobs.failedLastDay).toBeGreaterThanOrEqual(1);
  });

  it("shows each gateway's bind state from the gateway module's live state", async () => {
    const { gateways } = s.app.services;
    const id = demoGatewayId('demo-smsc');
    const now = new Date();
    await gateways.putBind({
      gatewayId: id,
      slot: 0,
      state: 'bound',
      lastError: null,
      since: now,
      owner: 'w:1',
      seenAt: now,
    });
    const snap = await snapshot();
    const demo = snap.gateways.find((g) => g.name === 'demo-smsc');
    expect(demo).toMatchObject({ gatewayId: id, state: 'bound', bound: 1, binds: 2 });
    const expected = await gateways.states();
    expect(snap.gateways).toHaveLength(expected.length);
    for (const state of expected) {
      expect(snap.gateways.find((g) => g.gatewayId === state.gatewayId)?.state).toBe(state.state);
    }
    // Sorted by name.
    const names = snap.gateways.map((g) => g.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await gateways.deleteBind(id, 0, 'w:1');
  });

  it('counts the websockets open in this process', async () => {
    const before = (await snapshot()).websocketConnections;
    const url = `${s.baseUrl.replace('http', 'ws')}/websocket/${userId('admin')}`;
    const socket = new WebSocket(url, ['switchboard', admin]);
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    await eventually(async () => expect((await snapshot()).websocketConnections).toBe(before + 1));
    socket.close();
    await eventually(async () => expect((await snapshot()).websocketConnections).toBe(before));
  });

  it('is refused to nobody, customers and agents, in their language', async () => {
    expectError(await s.call('GET', '/sys/monitor/snapshot'), 401, 'UNAUTHORIZED');
    for (const user of ['customer', 'agent', 'distributor', 'sales']) {
      const token = await tokenOf(s, user);
      const res = await s.call('GET', '/sys/monitor/snapshot', { token, locale: ZH });
      expectError(res, 403, 'NO_OPERATION_PERMISSION', { locale: ZH });
      expect(JSON.stringify(res.body)).not.toContain('rss');
    }
  });
});

describe('GET /api/health', () => {
  it('answers up with the database round trip', async () => {
    const res = await s.call<{ status: string; database: string; databaseMs: number }>('GET', '/health');
    const result = expectOk(res);
    expect(result).toMatchObject({ status: 'up', database: s.databaseUrl ? 'postgres' : 'pglite' });
    expect(result.databaseMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 DATABASE_UNAVAILABLE when the database does not answer', async () => {
    const { monitor } = s.app.services;
    const ping = monitor.ping;
    monitor.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await s.call('GET', '/health', { locale: ZH });
      expectError(res, 503, 'DATABASE_UNAVAILABLE', { locale: ZH });
    } finally {
      monitor.ping = ping;
    }
  });
});

describe('GET /metrics', () => {
  it('answers Prometheus text with the bearer token: process metrics and the platform gauges', async () => {
    const res = await metrics(s, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const parsed = parseMetrics(res.body);
    // prom-client's default metrics of the process.
    expect(parsed.types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(
      parsed.value('process_resident_memory_bytes') ?? parsed.value('nodejs_heap_size_used_bytes'),
    ).toBeGreaterThan(0);
    expect(parsed.types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
    // The platform's, equal to the snapshot's figures.
    const snap = await snapshot();
    for (const status of ['accepted', 'scheduled', 'queued', 'sent'] as const) {
      expect(parsed.value('switchboard_sms_queue_messages', { status }), status).toBe(snap.queues[status]);
    }
    expect(parsed.value('switchboard_sms_callbacks_pending')).toBe(snap.queues.callbacksPending);
    expect(parsed.value('switchboard_websocket_connections')).toBe(snap.websocketConnections);
    expect(parsed.value('switchboard_database_size_bytes')).toBeGreaterThan(0);
    expect(parsed.value('switchboard_job_failures_last_day')).toBe(snap.jobs.failedLastDay);
    expect(parsed.value('switchboard_jobs_running')).toBe(snap.jobs.running.length);
    for (const gw of snap.gateways) {
      expect(parsed.value('switchboard_gateway_state', { gateway: gw.name, state: gw.state })).toBe(1);
      expect(parsed.value('switchboard_gateway_binds_configured', { gateway: gw.name })).toBe(gw.binds);
    }
    const down = snap.gateways.filter((g) => g.state === 'down').length;
    expect(parsed.value('switchboard_gateways', { state: 'down' })).toBe(down);
    if (s.databaseUrl === undefined) {
      // Embedded database: no connection figures.
      expect(parsed.samples.some((x) => x.name === 'switchboard_database_connections')).toBe(false);
    } else {
      expect(parsed.value('switchboard_database_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(
        parsed.value('switchboard_database_pool_connections', { state: 'total' }),
      ).toBeGreaterThanOrEqual(1);
    }
  });

  it('opens to an address of METRICS_ALLOW without the token', async () => {
    const res = await metrics(s, { 'X-Forwarded-For': '10.9.3.4' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('switchboard_gateways');
  });

  it('refuses a wrong or missing token from another address, asking for the bearer', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong-token-0123456789' },
      { Authorization: `Basic ${TOKEN}` },
      { Authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of attempts) {
      const res = await metrics(s, { ...headers, 'X-Forwarded-For': '203.0.113.9', 'X-Locale': EN });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const body = JSON.parse(res.body) as { success: boolean; errorCode: string; message: string };
      expect(body).toMatchObject({ success: false, errorCode: 'METRICS_NOT_ALLOWED' });
      expect(body.message).toBe(text('METRICS_NOT_ALLOWED', EN));
      expect(res.body).not.toContain('switchboard_');
    }
  });

  it('is closed by default: neither variable set, not even loopback reads it', async () => {
    const res = await metrics(closed, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ errorCode: 'METRICS_NOT_ALLOWED' });
  });

  it('the rule: token, or an allowed address; an empty list allows nobody', () => {
    const req = (ip: string, authorization?: string) => ({
      ip,
      headers: authorization ? { authorization } : {},
    });
    expect(metricsAccess({ token: undefined, allow: [] }, req('127.0.0.1'))).toBe(false);
    expect(metricsAccess({ token: TOKEN, allow: [] }, req('127.0.0.1', `bearer ${TOKEN}`))).toBe(true);
    expect(metricsAccess({ token: TOKEN, allow: [] }, req('127.0.0.1', 'Bearer nope'))).toBe(false);
    expect(metricsAccess({ token: undefined, allow: ['127.0.0.1', '::1'] }, req('::ffff:127.0.0.1'))).toBe(
      true,
    );
    expect(metricsAccess({ token: undefined, allow: ['10.0.0.0/8'] }, req('11.0.0.1'))).toBe(false);
  });

  it('validates METRICS_TOKEN and METRICS_ALLOW at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/8,not-an-address' })).toThrow(/METRICS_ALLOW/);
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8 , ::1 ' }).metrics).toEqual({
      token: undefined,
      allow: ['10.0.0.0/8', '::1'],
    });
  });
});

describe('ProcessSampler', () => {
  it('measures CPU over the interval since the previous sample, and keeps a sample for a second', () => {
    let now = 0;
    let cpu = 0;
    const sampler = new ProcessSampler(
      () => now,
      (previous) => ({ user: cpu - (previous ? previous.user : 0), system: 0 }),
    );
    now = 2_000;
    cpu = 1_000_000; // 1 s of CPU in 2 s
    expect(sampler.sample()).toMatchObject({ cpuPercent: 50, intervalMs: 2_000 });
    now = 2_500;
    cpu = 1_500_000;
    expect(sampler.sample()).toMatchObject({ cpuPercent: 50, intervalMs: 2_000 });
    now = 4_000;
    cpu = 2_000_000; // 1 s more since the sample at 2 s
    expect(sampler.sample()).toMatchObject({ cpuPercent: 50, intervalMs: 2_000 });
  });
});
