import { randomUUID } from 'node:crypto';
import { API_PREFIX, LOCALE_HEADER, SMS_FINAL_STATUSES, translateError } from '@switchboard/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../src/platform/stable-id';
import { apiKeyOf, login, type SpawnedServer, spawnServer } from './support/spawned-server';
import { expectLedgerReconciled, type SpawnedSmsWorld, startSpawnedSmsWorld } from './support/spawned-sms';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/**
 * A database outage, end to end: the real server in a child process reaches PostgreSQL through a
 * TCP proxy that the test cuts (every connection closed, new ones refused) and blackholes (a
 * silent database: connections open, nothing answered), four times, while customers send SMS
 * over the HTTP API (the two simulated SMSCs take the submits and send receipts) and the console
 * reads. The process must stay up (before the fix, a connection lost while a transaction or an
 * advisory lock held it was an unhandled 'error' event that killed it), answer every request
 * during the outage with the envelope, 503 DATABASE_UNAVAILABLE in the caller's language, never a
 * 500 and never a request left hanging (each outage ends only once a request made during it has
 * been answered 503, and /api/health says the database is down), and after each restore answer
 * again. At the end every message sent is delivered, none reached an SMSC twice, each batch is
 * charged once, and the ledger reconciliation job finds no difference — all without a restart.
 *
 * PostgreSQL only (PGlite lives inside the process: there is no connection to cut).
 */

const adminUrl = process.env.DATABASE_URL;
const DIRECT = stableId('company:Direct Retail Ltd');
const BATCH = 20;
/** The longest one wait of the test may take before it fails naming what it waited for. */
const WAIT_LIMIT_MS = 240_000;
const OUTAGES = ['cut', 'blackhole', 'cut', 'blackhole'] as const;

interface Envelope {
  success: boolean;
  code: number;
  message: string;
  errorCode?: string;
  result: unknown;
  timestamp: number;
}

/** What the load saw: every answer's status (and error code), and anything that was not one. */
interface Seen {
  status: number;
  errorCode: string | undefined;
  path: string;
}

describe.skipIf(!adminUrl)('a database outage under load', () => {
  let world: SpawnedSmsWorld;
  let proxy: TcpProxy;
  let server: SpawnedServer | undefined;

  // Creates a database and starts a server on it through a proxy: minutes on a busy machine.
  beforeAll(async () => {
    world = await startSpawnedSmsWorld(
      adminUrl!,
      'sb_db_outage',
      (i) => ({
        receiptDelayMs: 100,
        receiptRetryMs: 200,
        // Every message gets a delivered receipt: every one sent must end delivered.
        outcomes: { delivered: 100 },
        idFormat: 'hex',
        receiptIdFormat: 'hex',
        idStart: 1 + i * 4e15,
        systemId: `OUTAGE-${i}`,
      }),
      {
        // Pub/sub over PostgreSQL LISTEN/NOTIFY (CI sets REDIS_URL): its listener rides the cuts too.
        REDIS_URL: '',
        // Longer than the test: a submit whose answer waits out an outage is stored, not timed out.
        SMS_SUBMIT_TIMEOUT_S: '3600',
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_QUERY_TIMEOUT_MS: '3000',
      },
    );
    const target = new URL(world.database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(world.database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await spawnServer({ ...world.env, DATABASE_URL: proxied.toString() });
  }, 240_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await proxy?.close();
    await world?.stop();
  });

  it('stays up, answers 503 while the database is away, and finishes every send after it is back', {
    timeout: 600_000,
  }, async () => {
    const live = server!;
    let died = false;
    void live.exited.then(() => (died = true));
    const admin = await login(live.baseUrl, 'admin');
    const authorization = await apiKeyOf(live.baseUrl, admin, DIRECT);

    const seen: Seen[] = [];
    const request = async (path: string, init: RequestInit = {}, locale = 'en-US') => {
      const res = await fetch(`${live.baseUrl}${API_PREFIX}${path}`, {
        ...init,
        headers: { [LOCALE_HEADER]: locale, ...(init.headers as Record<string, string>) },
      });
      const body = (await res.json()) as Envelope;
      seen.push({ status: res.status, errorCode: body.errorCode, path });
      return { status: res.status, body };
    };

    // Batches of numbers sent with an Idempotency-Key; one that got no 200 is sent again after
    // the outages with the same key (what a customer does).
    const batches: { key: string; to: string[]; accepted: boolean }[] = [];
    let numbered = 0;
    const send = async (batch: (typeof batches)[number]) => {
      const { status, body } = await request('/openapi/v1/sms', {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'Idempotency-Key': batch.key },
        body: JSON.stringify({ kind: 'notification', to: batch.to, text: 'outage test' }),
      });
      if (status === 200 && body.success) batch.accepted = true;
      return status;
    };

    let running = true;
    const senders = [0, 1].map(async () => {
      // As a client does: a batch not accepted (503 while the database is away) is sent again
      // with its key, not replaced by a new one (the volume then follows what was accepted, not
      // how many 503s a slow machine answered).
      let batch: { key: string; to: string[]; accepted: boolean } | undefined;
      while (running && !died) {
        if (!batch || batch.accepted) {
          const to = Array.from({ length: BATCH }, () => `86139${String(numbered++).padStart(8, '0')}`);
          batch = { key: randomUUID(), to, accepted: false };
          batches.push(batch);
        }
        await send(batch).catch(() => undefined);
      }
    });
    const readers = [0, 1].map(async () => {
      while (running && !died) {
        await request('/sms/notify/list?pageNo=1&pageSize=5', { headers: { 'X-Access-Token': admin } }).catch(
          () => undefined,
        );
      }
    });

    const { database, reached, submits } = world;
    // Each wait gives up after WAIT_LIMIT_MS (a stuck state, not a slow machine: every wait here
    // is for seconds of work) and says what it waited for, what the server said and, through
    // `state`, where things stood, instead of the whole test's timeout saying nothing.
    const until = async (
      what: string,
      condition: () => boolean | Promise<boolean>,
      state: () => Promise<unknown> = async () => undefined,
    ) => {
      const deadline = Date.now() + WAIT_LIMIT_MS;
      while (!(await condition())) {
        if (died)
          throw new Error(`the server died while waiting for ${what}:\n${live.output().slice(-4000)}`);
        if (Date.now() > deadline)
          throw new Error(
            `gave up waiting for ${what}: ${JSON.stringify(await state())}\n${live.output().slice(-4000)}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const health = async (locale = 'en-US') => request('/health', {}, locale);

    for (const [n, kind] of OUTAGES.entries()) {
      // Under load: submits are flowing when the database goes away.
      const before = submits();
      await until(`submits before outage ${n + 1}`, () => submits() >= before + 3 * BATCH);
      const mark = seen.length;
      if (kind === 'cut') proxy.cut();
      else proxy.blackhole();

      // Requests made during the outage are answered, 503 with the envelope (none hangs for good).
      await until(`a 503 during outage ${n + 1} (${kind})`, () =>
        seen.slice(mark).some((s) => s.status === 503 && s.path !== '/health'),
      );
      const down = await health();
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ success: false, code: 503, errorCode: 'DATABASE_UNAVAILABLE' });
      expect(down.body.message).toBe(translateError('DATABASE_UNAVAILABLE', 'en-US'));
      const downZh = await health('zh-CN');
      expect(downZh.body.message).toBe(translateError('DATABASE_UNAVAILABLE', 'zh-CN'));
      const send503 = await request(
        '/sms/notify/list?pageNo=1&pageSize=5',
        {
          headers: { 'X-Access-Token': admin },
        },
        'zh-CN',
      );
      expect(send503.status).toBe(503);
      expect(send503.body).toMatchObject({ success: false, code: 503, errorCode: 'DATABASE_UNAVAILABLE' });
      expect(send503.body.message).toBe(translateError('DATABASE_UNAVAILABLE', 'zh-CN'));

      proxy.restore();
      // Back without a restart: health, the console's reads and sends answer again.
      await until(`health after outage ${n + 1}`, async () => (await health()).status === 200);
      const afterRestore = seen.length;
      await until(`a send accepted after outage ${n + 1}`, () =>
        seen.slice(afterRestore).some((s) => s.path === '/openapi/v1/sms' && s.status === 200),
      );
    }
    running = false;
    await Promise.all([...senders, ...readers]);
    expect(died, live.output().slice(-4000)).toBe(false);
    expect(live.output()).not.toMatch(/Unhandled|unhandledRejection|uncaughtException/);

    // Every answer was a success or 503 DATABASE_UNAVAILABLE: no 500, nothing else.
    const statuses: Record<string, number> = {};
    for (const s of seen)
      statuses[`${s.status} ${s.errorCode ?? ''}`.trim()] =
        (statuses[`${s.status} ${s.errorCode ?? ''}`.trim()] ?? 0) + 1;
    console.log('db-outage: answers', statuses, 'batches', batches.length, 'submits', submits());
    expect(
      seen.filter((s) => s.status !== 200 && !(s.status === 503 && s.errorCode === 'DATABASE_UNAVAILABLE')),
      live
        .output()
        .split('\n')
        .filter((line) => line.includes('unhandled error'))
        .join('\n'),
    ).toEqual([]);

    // What got no 200 is sent again with its key: accepted once, whatever happened to the first try.
    for (const batch of batches.filter((b) => !b.accepted)) expect(await send(batch)).toBe(200);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const open = async () =>
        Number(
          (
            await client.query(
              `select count(*) from sms_messages where company_id = $1 and status <> all($2::text[])`,
              [DIRECT, [...SMS_FINAL_STATUSES]],
            )
          ).rows[0].count,
        );
      await until(
        'every message final',
        async () => (await open()) === 0,
        async () =>
          (
            await client.query(
              `select status, error_code, count(*)::int as n from sms_messages
                where company_id = $1 and status <> all($2::text[]) group by 1, 2`,
              [DIRECT, [...SMS_FINAL_STATUSES]],
            )
          ).rows,
      );
      const messages = (
        await client.query<{
          id: string;
          batch_id: string;
          to_number: string;
          status: string;
          price: string;
        }>(`select id, batch_id, to_number, status, price::text from sms_messages where company_id = $1`, [
          DIRECT,
        ])
      ).rows;
      const numbers = batches.flatMap((b) => b.to);
      // One message per number (a batch sent twice was stored once), every one delivered.
      expect(messages).toHaveLength(numbers.length);
      expect(new Set(messages.map((m) => m.to_number))).toEqual(new Set(numbers));
      expect(messages.filter((m) => m.status !== 'delivered')).toEqual([]);
      // No number reached the SMSCs twice.
      expect([...reached.entries()].filter(([, n]) => n > 1)).toEqual([]);

      // Charged once: one charge per batch of exactly its messages' prices, no refund.
      const entries = (
        await client.query<{ key: string; kind: string; amount: string; n: string }>(
          `select idempotency_key as key, min(kind) as kind, sum(amount)::text as amount, count(*) as n
               from ledger_entries where company_id = $1 and account = 'balance' and kind <> 'topup'
              group by idempotency_key`,
          [DIRECT],
        )
      ).rows;
      expect(entries.filter((e) => Number(e.n) !== 1)).toEqual([]);
      expect(entries.filter((e) => e.kind !== 'charge')).toEqual([]);
      const batchPrices = new Map<string, number>();
      for (const m of messages)
        batchPrices.set(m.batch_id, (batchPrices.get(m.batch_id) ?? 0) + Number(m.price));
      expect(entries).toHaveLength(batchPrices.size);
      const byKey = new Map(entries.map((e) => [e.key, e]));
      for (const [batchId, price] of batchPrices) {
        expect(Number(byKey.get(`sms-batch:${batchId}`)?.amount), `charge of batch ${batchId}`).toBeCloseTo(
          -price,
          6,
        );
      }
    } finally {
      await client.end();
    }

    // The ledger reconciliation job, run on the same (never restarted) server: no difference.
    await expectLedgerReconciled(live.baseUrl, admin);
    expect(died).toBe(false);
  });
});
