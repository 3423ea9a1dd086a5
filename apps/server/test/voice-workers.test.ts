import { API_PREFIX, type CallTask, type Envelope } from '@switchboard/contracts';
import { writeWav } from '@switchboard/voice';
import { startVoiceSim, type VoiceSim } from '@switchboard/voice-sim';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../src/platform/stable-id';
import { TEST_PASSWORD_HASH_COST } from './harness';
import { eventually } from './support/api';
import {
  createPgDatabase,
  freePort,
  login,
  type SpawnedServer,
  spawnServer,
  spawnWorker,
} from './support/spawned-server';

/**
 * Group calls placed by worker processes (`--role worker`) on one PostgreSQL database against the
 * carrier simulator, which runs in this process so it outlives a kill and keeps the record of
 * every INVITE:
 * - a worker SIGKILLed in the middle of a task: a new worker takes the task over and finishes it;
 *   the simulator saw no number twice, every answered call is charged once (one ledger entry per
 *   call record, its key `voice:<record id>`), and the calls the kill cut end failed, never redialled;
 * - two workers at once: a trunk's max concurrent calls and calls per second hold across both
 *   (the calls' places are taken through the database, `trunks.takeCall`).
 *
 * PostgreSQL only (an embedded PGlite is one process): runs in the PostgreSQL step of CI
 * (`npm run test:api:pg`), skipped on PGlite. Servers in child processes: the slow tier.
 */

const adminUrl = process.env.DATABASE_URL;
const DIRECT = stableId('company:Direct Retail Ltd');

interface Invite {
  to: string;
  at: number;
  /** The worker's SIP address the INVITE came from. */
  from: string;
  /** Calls of the same prefix up at the simulator when it came (itself included). */
  upWithIt: number;
}

/** Periods of the whole day in a zone where it is about noon now (the child processes read the real clock). */
function allDay(): { periods: { start: string; end: string }[]; timeZone: string } {
  const offset = 12 - new Date().getUTCHours(); // -11 … 12
  const timeZone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return { periods: [{ start: '00:00', end: '23:59' }], timeZone };
}

describe.skipIf(!adminUrl)('voice calls across worker processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let sim: VoiceSim;
  let api: SpawnedServer | undefined;
  const workers: SpawnedServer[] = [];
  let env: Record<string, string>;
  let admin = '';
  let customer = '';
  let flowId = '';
  let client: pg.Client;
  const invites: Invite[] = [];

  const request = async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${api!.baseUrl}${API_PREFIX}${path}`, {
      method,
      headers: {
        'X-Access-Token': token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Envelope<T>;
    if (!res.ok || !json.success) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.result;
  };

  const addTask = (token: string, body: Record<string, unknown>) =>
    request<CallTask>(token, 'POST', '/groupCallTask/add', {
      name: `workers ${Math.random().toString(36).slice(2, 8)}`,
      ivrFlowId: flowId,
      ttlS: 60,
      ...allDay(),
      ...body,
    });
  const submit = (id: string) => request<CallTask>(customer, 'POST', '/groupCallTask/submit', { id });
  const details = (id: string) => request<CallTask>(customer, 'GET', `/groupCallTask/details/${id}`);
  const finished = (id: string) =>
    eventually(async () => {
      const t = await details(id);
      expect(t.state).toBe('success');
      return t;
    });

  beforeAll(async () => {
    database = await createPgDatabase(adminUrl!, 'sb_voice_workers');
    client = new pg.Client({ connectionString: database.url });
    sim = await startVoiceSim({
      host: '127.0.0.1',
      port: 0,
      answerDelayMs: 100,
      keyDelayMs: 100,
      log: (line) => {
        if (!line.startsWith('INVITE ')) return;
        const rec = sim.calls.at(-1)!;
        const prefix = rec.to.slice(0, 8);
        invites.push({
          to: rec.to,
          at: Date.now(),
          from: rec.trace.find((e) => e.dir === 'in')?.peer ?? '',
          upWithIt: sim.calls.filter((c) => c.to.startsWith(prefix) && !c.end).length,
        });
      },
    });
    env = {
      DATABASE_URL: database.url,
      PORT: String(await freePort()),
      SEED_DEMO: '1',
      SMPP_PORT: 'off',
      SMSC_SIM: '0',
      // The demo trunk `demo-sip` (and its route of every number) points at this simulator.
      VOICE_SIM_PORT: String(sim.port),
      DEMO_BALANCE: '100000',
      REDIS_URL: '',
      // The demo users' hashes at the tests' cost, not production's (a start seeds them all).
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    };
    api = await spawnServer(env, 400_000, [], undefined, ['--role', 'api']);
    await client.connect();
    admin = await login(api.baseUrl, 'admin');
    customer = await login(api.baseUrl, 'customer');
    // The customer's flow: a 0.4 s prompt, a second for a key, key 1 ends it.
    const samples = new Int16Array(3200).map((_, i) =>
      Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)),
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(writeWav(samples, 8000))]), 'prompt.wav');
    const uploaded = await fetch(
      `${api.baseUrl}${API_PREFIX}/voip/ivrFile/upload?name=workers_prompt&language=en`,
      {
        method: 'POST',
        headers: { 'X-Access-Token': customer },
        body: form,
      },
    );
    const file = ((await uploaded.json()) as Envelope<{ id: string }>).result;
    flowId = (
      await request<{ id: string }>(customer, 'POST', '/voip/ivrFlow/add', {
        name: 'workers_flow',
        nodes: [
          {
            id: 'menu',
            fileId: file.id,
            repeat: 1,
            timeoutS: 1,
            branches: [{ key: '1', action: { type: 'end', result: 'yes' } }],
            noKey: { type: 'end', result: 'no_key' },
          },
        ],
      })
    ).id;
  }, 600_000);

  afterAll(async () => {
    for (const w of workers) await w.kill('SIGKILL');
    await api?.kill('SIGTERM');
    await client?.end().catch(() => {});
    await sim?.close();
    await database?.drop();
  });

  // Two worker starts, a kill and a take-over after the lapsed leases: minutes on a busy machine.
  it('SIGKILL of the worker mid-task: a new worker finishes it, no number called or charged twice', {
    timeout: 600_000,
  }, async () => {
    const first = await spawnWorker(env, 400_000);
    workers.push(first);
    // Last digits: 0, 8, 9 answer (the prompt, a second for a key), 6 presses 1, 1 busy, 3 declines, 4 unknown.
    const digits = ['0', '8', '9', '6', '1', '3', '4', '0'];
    const numbers = Array.from(
      { length: 48 },
      (_, i) => `86138100${String(i).padStart(4, '0')}${digits[i % 8]}`,
    );
    const task = await addTask(customer, { numbers: numbers.map((n) => `+${n}`), callRatio: 8 });
    await submit(task.id);
    const ours = () => invites.filter((i) => i.to.startsWith('86138100'));
    await eventually(async () => expect(ours().length).toBeGreaterThanOrEqual(12), 180_000);
    await first.kill('SIGKILL');
    const atKill = ours().length;
    const firstPeer = ours()[0]!.from;
    expect(atKill).toBeLessThan(numbers.length);

    const second = await spawnWorker(env, 400_000);
    workers.push(second);
    const done = await eventually(async () => {
      const t = await details(task.id);
      expect(t.state).toBe('success');
      return t;
    }, 240_000);
    expect(done.counts.done).toBe(numbers.length);

    // The new worker called the rest; no number reached the carrier twice.
    const after = ours().slice(atKill);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((i) => i.from !== firstPeer)).toBe(true);
    const reached = new Map<string, number>();
    for (const i of ours()) reached.set(i.to, (reached.get(i.to) ?? 0) + 1);
    expect([...reached].filter(([, n]) => n > 1)).toEqual([]);

    const rows = (
      await client.query<{ number: string; result: string; attempts: number; records: string; cut: string }>(
        `select n.number, n.result, n.attempts,
           (select count(*) from call_records r where r.number_id = n.id) as records,
           (select count(*) from call_records r where r.number_id = n.id and r.trunk_id is null) as cut
         from call_task_numbers n where n.task_id = $1`,
        [task.id],
      )
    ).rows;
    expect(rows).toHaveLength(numbers.length);
    // Every number reached is final with at most one record; a number never reached was never placed
    // (the kill came between its mark and its INVITE): failed, without a record.
    for (const r of rows) {
      expect(Number(r.records), r.number).toBeLessThanOrEqual(1);
      if (!reached.has(r.number)) expect(r.result, r.number).toBe('failed');
    }
    // The calls the kill cut (marked, their lease lapsed): failed, with a record without a trunk
    // (so the statistics count them), at most the ratio.
    const lost = rows.filter((r) => Number(r.cut) === 1);
    expect(lost.every((r) => r.result === 'failed')).toBe(true);
    expect(lost.length).toBeLessThanOrEqual(8);
    // Those the carrier answered have its outcome.
    for (const r of rows.filter((x) => Number(x.records) === 1 && Number(x.cut) === 0)) {
      const last = r.number.at(-1)!;
      const expected = ['0', '8', '9', '6'].includes(last)
        ? 'answered'
        : ({ '1': 'busy', '3': 'rejected', '4': 'invalid_number' } as Record<string, string>)[last];
      expect(r.result, r.number).toBe(expected);
    }

    // Charged once: one ledger entry per answered record, of the record's amount; nothing else.
    const charged = await eventually(async () => {
      const records = (
        await client.query<{ id: string; amount: string; charge_state: string }>(
          `select id, amount::text, charge_state from call_records where task_id = $1 and result = 'answered'`,
          [task.id],
        )
      ).rows;
      expect(records.length).toBeGreaterThan(0);
      expect(records.filter((r) => r.charge_state !== 'charged')).toEqual([]);
      return records;
    });
    const entries = (
      await client.query<{ key: string; amount: string; n: string }>(
        `select idempotency_key as key, sum(amount)::text as amount, count(*) as n from ledger_entries
         where company_id = $1 and account = 'balance' and idempotency_key like 'voice:%' group by 1`,
        [DIRECT],
      )
    ).rows;
    const byKey = new Map(entries.map((e) => [e.key, e]));
    expect(entries.filter((e) => Number(e.n) !== 1)).toEqual([]);
    for (const r of charged) {
      const entry = byKey.get(`voice:${r.id}`);
      expect(entry, r.id).toBeDefined();
      expect(Number(entry!.amount)).toBeCloseTo(-Number(r.amount), 6);
    }
    expect(entries).toHaveLength(charged.length);
    const total = Number(
      (await client.query<{ amount: string }>(`select amount::text from call_tasks where id = $1`, [task.id]))
        .rows[0]!.amount,
    );
    expect(total).toBeCloseTo(
      charged.reduce((sum, r) => sum + Number(r.amount), 0),
      6,
    );
  });

  it('two workers on one database hold a trunk’s max concurrent calls and calls per second together', {
    timeout: 600_000,
  }, async () => {
    // The worker of the first test still runs; a second one joins it.
    const alive = () => workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
    while (alive().length < 2) workers.push(await spawnWorker(env, 400_000));
    const trunk = (body: Record<string, unknown>) =>
      request<{ id: string }>(admin, 'POST', '/voip/trunk/add', {
        name: `workers-${Math.random().toString(36).slice(2, 8)}`,
        host: '127.0.0.1',
        port: sim.port,
        optionsIntervalS: 300,
        ...body,
      });
    const narrow = await trunk({ maxCalls: 3, cps: 100 });
    const paced = await trunk({ maxCalls: 100, cps: 4 });
    // Many small tasks, so that both workers' engines claim some (each claims a task's numbers
    // as it finds them): answered calls (about 1.5 s each) on the narrow trunk, busy ones
    // (answered at once) on the paced one.
    const tasks: string[] = [];
    for (let t = 0; t < 10; t++) {
      const a = await addTask(admin, {
        companyId: DIRECT,
        trunkId: narrow.id,
        callRatio: 3,
        numbers: [0, 1, 2].map((i) => `+86138200${t}${i}000`),
      });
      const b = await addTask(admin, {
        companyId: DIRECT,
        trunkId: paced.id,
        callRatio: 3,
        numbers: [0, 1, 2].map((i) => `+86138300${t}${i}001`),
      });
      tasks.push(a.id, b.id);
    }
    for (const id of tasks) await submit(id);
    for (const id of tasks) await finished(id);

    const narrowCalls = invites.filter((i) => i.to.startsWith('86138200'));
    const pacedCalls = invites.filter((i) => i.to.startsWith('86138300'));
    expect(narrowCalls).toHaveLength(30);
    expect(pacedCalls).toHaveLength(30);
    // Both workers placed calls (which worker claims which task is the machine's: on a busy
    // machine one took every task of the paced trunk, whose calls end at once; the narrow
    // trunk's last 1.5 s, so both take some there)…
    expect(new Set([...narrowCalls, ...pacedCalls].map((i) => i.from)).size).toBe(2);
    // …and together never more than 3 up on the narrow trunk,
    expect(Math.max(...narrowCalls.map((i) => i.upWithIt))).toBeLessThanOrEqual(3);
    expect(Math.max(...narrowCalls.map((i) => i.upWithIt))).toBe(3);
    // nor more than 4 starts a second on the paced one (5 starts span a second at least, less
    // the jitter of a start: each worker alone would allow 4 a second, both together 8).
    const at = pacedCalls.map((i) => i.at).sort((x, y) => x - y);
    const spans = at.slice(4).map((t, i) => t - at[i]!);
    // Five starts at 4 per second span 1,000 ms by the database's slots; as the carrier sees them
    // (loopback, busy processes) they may come a little early or late: unpaced, they would come
    // within a few ms.
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(500);
  });
});
