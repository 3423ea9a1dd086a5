/**
 * `npm run bench:sms`: the SMS engine end to end, with the real server in a child process
 * (`src/main.ts`, demo data and routes) and two simulated upstream SMSCs in this process (the
 * demo gateways pointed at them: two binds each, window 50, no TPS cap; every message delivered,
 * receipt after RECEIPT_MS). Three runs, each of BENCH_MESSAGES (20,000) messages to final status:
 * - `http-batch`: the customer HTTP API, batches of 500, BENCH_HTTP_BATCH_CONCURRENCY (4) at once;
 * - `http-single`: the customer HTTP API, one number per request, BENCH_HTTP_CONCURRENCY (64) at once;
 * - `http-single-callbacks`: the same with a delivery callback URL set on the company (a receiver on
 *   loopback answering 204); end to end = the last callback received;
 * - `smpp`: a customer SMPP account, BENCH_SMPP_BINDS (4) transceiver binds of the `smpp` package,
 *   window 50 each, every receipt back to the client as deliver_sm (end to end = receipts back).
 * For each: accepted per second (the last answer), end to end per second (the last message final),
 * p99 acceptance latency (per request / per submit_sm), the server's peak RSS (sampled every
 * 100 ms, /proc) and the CPU each message cost: the server process (user + system, /proc/<pid>/stat)
 * and, on PostgreSQL, the database's backends serving the bench database (pg_stat_activity pids,
 * /proc; PostgreSQL's shared writer processes are not counted), from the first request to the last
 * message final. On PostgreSQL (DATABASE_URL, default this machine's server; a fresh database,
 * dropped afterwards) and on PGlite (a fresh DATA_DIR); BENCH_DB=postgres|pglite for one.
 * Figures only: nothing here passes or fails. The machine may be shared: note `uptime`.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Smsc, startSmsc } from '@switchboard/smsc-sim';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import smpp, { type Pdu, type Session } from 'smpp';
import { Agent, request } from 'undici';
import { buildServer, serverNodeArgs } from '../build.mjs';
import { openDatabase } from '../src/platform/db';
import { stableId } from '../src/platform/stable-id';
import {
  apiKeyOf,
  createPgDatabase,
  freePort,
  login,
  rssOf,
  type SpawnedServer,
  sampleRss,
  spawnServer,
} from '../test/support/spawned-server';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);
const BATCH = 500;
const BATCH_CONCURRENCY = Number(process.env.BENCH_HTTP_BATCH_CONCURRENCY ?? 4);
const SINGLE_CONCURRENCY = Number(process.env.BENCH_HTTP_CONCURRENCY ?? 64);
const SMPP_BINDS = Number(process.env.BENCH_SMPP_BINDS ?? 4);
const SMPP_WINDOW = 50;
const RECEIPT_MS = Number(process.env.BENCH_RECEIPT_MS ?? 100);
/** Only these runs (comma-separated names), e.g. BENCH_RUNS=http-batch. */
const RUNS = process.env.BENCH_RUNS?.split(',');
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DIRECT = stableId('company:Direct Retail Ltd');
const GATEWAYS = [stableId('gateway:demo-smsc'), stableId('gateway:demo-smsc-cn')];

interface RunResult {
  database: string;
  run: string;
  messages: number;
  acceptedPerSecond: number;
  endToEndPerSecond: number;
  p99AcceptMs: number;
  peakRssMb: number;
  /** CPU per message (ms): the server process, the database backends (PostgreSQL) and both. */
  cpuServerMs: number;
  cpuDbMs: number | null;
  cpuTotalMs: number;
}

/** The clock ticks of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICK_MS = 10;

/** CPU used so far by a process, in ms (user + system of all its threads), 0 when it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * The CPU of the server and of the PostgreSQL backends serving one database, from `start()` on.
 * A backend that ends during the run takes its CPU with it (the server keeps its pool open, so few do).
 */
function cpuMeter(serverPid: number, backends: () => Promise<number[]>) {
  let server0 = 0;
  const db0 = new Map<number, number>();
  return {
    async start() {
      server0 = cpuMsOf(serverPid);
      db0.clear();
      for (const pid of await backends()) db0.set(pid, cpuMsOf(pid));
    },
    async read() {
      const server = cpuMsOf(serverPid) - server0;
      let db = 0;
      for (const pid of await backends()) db += cpuMsOf(pid) - (db0.get(pid) ?? 0);
      return { server, db };
    },
  };
}

/** A delivery-callback receiver on loopback: counts the posts, answers 204. */
async function callbackReceiver() {
  let received = 0;
  let target = Number.POSITIVE_INFINITY;
  let reached: () => void = () => {};
  let done = new Promise<void>((resolve) => (reached = resolve));
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204).end();
      if (++received >= target) reached();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/dlr`,
    received: () => received,
    /** Resolves when `count` more posts than now have come. */
    expect(count: number) {
      target = received + count;
      done = new Promise<void>((resolve) => (reached = resolve));
      if (received >= target) reached();
      return done;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};
const round = (n: number, digits = 0) => Number(n.toFixed(digits));

/** Numbers to China Mobile (the demo routes carry +86), unique within a run. */
const numberOf = (run: number, i: number) => `86139${run}${String(i).padStart(7, '0')}`;

async function simulators(ports: number[]): Promise<Smsc[]> {
  const accounts = [
    { systemId: 'demo-a', password: 'demoA123' },
    { systemId: 'demo-b', password: 'demoB123' },
  ];
  return Promise.all(
    accounts.map((account, i) =>
      startSmsc({
        port: ports[i],
        accounts: [account],
        receiptDelayMs: RECEIPT_MS,
        outcomes: { delivered: 100 },
        idFormat: 'hex',
        receiptIdFormat: i === 0 ? 'hex' : 'decimal',
        idStart: 1 + i * 4e15,
        maxRecords: 1_000,
        systemId: `BENCH-${i}`,
      }),
    ),
  );
}

/** Counts the company's messages that are not final yet and those delivered (read by the bench). */
interface Counter {
  delivered(): Promise<number>;
  /** The PostgreSQL backends serving the bench database, not counting this counter's own. */
  backends(): Promise<number[]>;
  close(): Promise<void>;
}

async function pgCounter(url: string): Promise<Counter> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // the database is dropped at the end
  await client.connect();
  return {
    async delivered() {
      const r = await client.query(
        `select count(*) from sms_messages where company_id = $1 and status = 'delivered'`,
        [DIRECT],
      );
      return Number(r.rows[0].count);
    },
    async backends() {
      const r = await client.query(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return r.rows.map((row: { pid: number }) => Number(row.pid));
    },
    close: () => client.end(),
  };
}

/** On PGlite (one process) through the console's records list. */
function apiCounter(baseUrl: string, token: string): Counter {
  return {
    async delivered() {
      const res = await fetch(`${baseUrl}/api/sms/notify/list?pageNo=1&pageSize=1&status=delivered`, {
        headers: { 'X-Access-Token': token },
      });
      const body = (await res.json()) as { result: { total: number } };
      return body.result.total;
    },
    // PGlite runs inside the server process: its CPU is the server's.
    backends: async () => [],
    async close() {},
  };
}

async function waitDelivered(counter: Counter, target: number, timeoutMs = 600_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const n = await counter.delivered();
    if (n >= target) return performance.now();
    if (process.env.BENCH_VERBOSE) console.log(`delivered ${n} of ${target}`);
    if (Date.now() > until) throw new Error(`only ${n} of ${target} delivered after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function httpRun(
  baseUrl: string,
  authorization: string,
  runNo: number,
  perRequest: number,
  concurrency: number,
  latencies: number[],
) {
  const agent = new Agent({ connections: concurrency, pipelining: 1 });
  const url = `${baseUrl}/api/openapi/v1/sms`;
  let next = 0;
  const requests = Math.ceil(MESSAGES / perRequest);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const r = next++;
        const to = Array.from({ length: perRequest }, (_, j) => numberOf(runNo, r * perRequest + j));
        const started = performance.now();
        const res = await request(url, {
          method: 'POST',
          dispatcher: agent,
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'notification', to: perRequest === 1 ? to[0] : to, text: 'bench' }),
        });
        const text = await res.body.text();
        latencies.push(performance.now() - started);
        if (process.env.BENCH_VERBOSE && latencies.length % 100 === 0)
          console.log(`${latencies.length} requests`);
        if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${text.slice(0, 500)}`);
      }
    }),
  );
  await agent.close();
}

async function smppRun(port: number, systemId: string, password: string, runNo: number, latencies: number[]) {
  let receipts = 0;
  let allReceipts: () => void = () => {};
  const receiptsDone = new Promise<void>((resolve) => (allReceipts = resolve));
  const sessions: Session[] = [];
  for (let b = 0; b < SMPP_BINDS; b++) {
    const session = await new Promise<Session>((resolve, reject) => {
      const client = smpp.connect({ host: '127.0.0.1', port }, () => resolve(client));
      client.on('error', reject);
    });
    session.socket.setNoDelay(true);
    session.on('error', () => undefined);
    session.on('deliver_sm', (pdu: Pdu) => {
      session.send(pdu.response());
      if (++receipts >= MESSAGES) allReceipts();
    });
    const bound = await new Promise<Pdu>((resolve) =>
      session.send(new smpp.PDU('bind_transceiver', { system_id: systemId, password }), resolve),
    );
    if (bound.command_status !== 0) throw new Error(`bind refused: ${bound.command_status}`);
    sessions.push(session);
  }
  let next = 0;
  let acceptedAt = 0;
  const started = performance.now();
  await Promise.all(
    sessions.flatMap((session) =>
      Array.from({ length: SMPP_WINDOW }, async () => {
        while (next < MESSAGES) {
          const i = next++;
          const t = performance.now();
          const resp = await new Promise<Pdu>((resolve) =>
            session.send(
              new smpp.PDU('submit_sm', {
                destination_addr: numberOf(runNo, i),
                registered_delivery: 1,
                short_message: 'bench',
              }),
              resolve,
            ),
          );
          latencies.push(performance.now() - t);
          if (resp.command_status !== 0) throw new Error(`submit_sm refused: ${resp.command_status}`);
        }
      }),
    ),
  );
  acceptedAt = performance.now();
  await receiptsDone;
  const doneAt = performance.now();
  for (const s of sessions) s.socket.destroy();
  return { started, acceptedAt, doneAt };
}

async function benchOne(kind: 'postgres' | 'pglite'): Promise<RunResult[]> {
  const results: RunResult[] = [];
  const simPorts = [await freePort(), await freePort()];
  const sims = await simulators(simPorts);
  const pgDb = kind === 'postgres' ? await createPgDatabase(adminUrl, 'sb_bench_sms') : undefined;
  const dataDir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-sms-')) : undefined;
  const env: Record<string, string> = {
    PORT: String(await freePort()),
    SMPP_PORT: String(await freePort()),
    SMSC_SIM: '0',
    SMSC_SIM_PORTS: simPorts.join(','),
    DEMO_BALANCE: '100000',
    SMS_API_RATE_LIMIT: '1000000',
    SKIP_WEB_BUILD: '1',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : { DATA_DIR: dataDir! }),
  };
  let server: SpawnedServer | undefined;
  try {
    // First start: migrations and demo data; then the demo gateways lose their TPS cap.
    server = await spawnServer(env);
    await server.kill('SIGTERM');
    const db = await openDatabase({ databaseUrl: pgDb?.url, dataDir: dataDir ?? 'memory://' });
    await db.db.execute(
      sql`update sms_gateways set tps = 0, binds = 2, window_size = 50 where id in (${sql.join(
        GATEWAYS.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await db.close();

    // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (written when it stops).
    // The server as `npm start` runs it: the built bundle, with its heap limit.
    server = await spawnServer(
      env,
      undefined,
      [...serverNodeArgs(), ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
      await buildServer(),
    );
    const rss = sampleRss(server.pid);
    const admin = await login(server.baseUrl, 'admin');
    const authorization = await apiKeyOf(server.baseUrl, admin, DIRECT);
    const counter = pgDb ? await pgCounter(pgDb.url) : apiCounter(server.baseUrl, admin);
    const cpu = cpuMeter(server.pid, () => counter.backends());
    const receiver = await callbackReceiver();
    const setCallback = async (url: string | null) => {
      const res = await fetch(`${server!.baseUrl}/api/sys/configCallback/edit`, {
        method: 'PUT',
        headers: { 'X-Access-Token': admin, 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: DIRECT, url }),
      });
      if (!res.ok) throw new Error(`callback URL: ${res.status} ${await res.text()}`);
    };
    // Binds up before the clock starts.
    await new Promise((r) => setTimeout(r, 3_000));
    console.log(`${kind}: server RSS idle ${round(rssOf(server.pid) / 2 ** 20)} MB`);
    let delivered = 0;

    const record = async (
      run: string,
      started: number,
      acceptedAt: number,
      doneAt: number,
      latencies: number[],
    ) => {
      const used = await cpu.read();
      const r: RunResult = {
        database: kind,
        run,
        messages: MESSAGES,
        acceptedPerSecond: round(MESSAGES / ((acceptedAt - started) / 1000)),
        endToEndPerSecond: round(MESSAGES / ((doneAt - started) / 1000)),
        p99AcceptMs: round(p99(latencies), 1),
        peakRssMb: round(rss.peak() / 2 ** 20),
        cpuServerMs: round(used.server / MESSAGES, 2),
        cpuDbMs: pgDb ? round(used.db / MESSAGES, 2) : null,
        cpuTotalMs: round((used.server + used.db) / MESSAGES, 2),
      };
      results.push(r);
      console.log(JSON.stringify(r));
    };

    for (const [runNo, run, perRequest, concurrency, callbacks] of [
      [1, 'http-batch', BATCH, BATCH_CONCURRENCY, false],
      [2, 'http-single', 1, SINGLE_CONCURRENCY, false],
      [4, 'http-single-callbacks', 1, SINGLE_CONCURRENCY, true],
    ] as const) {
      if (RUNS && !RUNS.includes(run)) continue;
      if (callbacks) await setCallback(receiver.url);
      const allCallbacks = callbacks ? receiver.expect(MESSAGES) : undefined;
      const latencies: number[] = [];
      await cpu.start();
      const started = performance.now();
      await httpRun(server.baseUrl, authorization, runNo, perRequest, concurrency, latencies);
      const acceptedAt = performance.now();
      delivered += MESSAGES;
      let doneAt = await waitDelivered(counter, delivered);
      if (allCallbacks) {
        await allCallbacks;
        doneAt = performance.now();
        await setCallback(null);
      }
      await record(run, started, acceptedAt, doneAt, latencies);
    }

    if (RUNS && !RUNS.includes('smpp')) {
      rss.stop();
      await counter.close();
      await receiver.close();
      return results;
    }
    const systemId = `bench${randomUUID().slice(0, 6)}`;
    const password = 'bench123';
    const res = await fetch(`${server.baseUrl}/api/sys/smppAccount/add`, {
      method: 'POST',
      headers: { 'X-Access-Token': admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        systemId,
        password,
        companyId: DIRECT,
        kind: 'notification',
        tpsLimit: 10_000,
        maxBinds: SMPP_BINDS,
      }),
    });
    if (!res.ok) throw new Error(`smpp account: ${res.status} ${await res.text()}`);
    const latencies: number[] = [];
    await cpu.start();
    const smppRes = await smppRun(Number(env.SMPP_PORT), systemId, password, 3, latencies);
    await record('smpp', smppRes.started, smppRes.acceptedAt, smppRes.doneAt, latencies);
    rss.stop();
    await counter.close();
    await receiver.close();
  } finally {
    await server?.kill('SIGTERM');
    for (const s of sims) await s.stop();
    await pgDb?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

async function main() {
  const which = process.env.BENCH_DB;
  const kinds = (['postgres', 'pglite'] as const).filter((k) => !which || which === k);
  console.log(
    `load before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  const all: RunResult[] = [];
  for (const kind of kinds) all.push(...(await benchOne(kind)));
  console.table(all);
  console.log(
    `load after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
