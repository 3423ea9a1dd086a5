import {
  API_PREFIX,
  type ApiKeyIssued,
  type Envelope,
  type Gateway,
  type Route,
  type SmsApiSendResult,
  units,
} from '@switchboard/contracts';
import { type Smsc, startSmsc } from '@switchboard/smsc-sim';
import { and, eq, inArray, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCore, type Core } from '../src/app';
import { type Database, openDatabase } from '../src/platform/db';
import { ledgerEntries, smsMessages } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { companyId, eventually, expectOk, tokenOf } from './support/api';

/**
 * Two server processes on one PostgreSQL database, both running the workers with real gateway
 * binds to one simulator (bind slots shared through advisory locks, work claimed with
 * `FOR UPDATE SKIP LOCKED`): every message of a run reaches the simulator exactly once, ends
 * delivered, and is charged once. PostgreSQL only (PGlite is one process), like the other
 * multi-process tests; CI runs it in the PostgreSQL step.
 */

const DIRECT = companyId('Direct Retail Ltd');
const RUN = 2_000;
const TAG = `two-processes-${Date.now()}`;

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let s: TestServer;
  let smsc: Smsc;
  let second: Core | undefined;
  let secondDatabase: Database | undefined;
  let gatewayId: string;
  let key: { apiKey: string; apiSecret: string };
  /** The simulator's binds of the first process. */
  let firstBinds = new Set<number>();

  beforeAll(async () => {
    smsc = await startSmsc({ accounts: [{ systemId: 'twoproc', password: 'pw123' }], receiptDelayMs: 20 });
    const env = {
      SMSC_SIM: '0',
      SMS_POLL_MS: '20',
      SMS_SWEEP_MS: '200',
      SMS_DISPATCH_BATCH: '100',
      SMS_DISPATCH_IN_FLIGHT: '200',
    };
    s = await startServer(env);
    const admin = await tokenOf(s, 'admin');
    // Only this test's gateway: the seeded (demo) ones are switched off before workers start.
    for (const row of await s.app.services.gateways.allRows()) {
      if (row.enabled) await s.app.services.gateways.setEnabled(row.id, false);
    }
    gatewayId = expectOk(
      await s.call<Gateway>('POST', '/sms/gateway/add', {
        token: admin,
        body: {
          name: `two-processes-${Date.now()}`,
          host: '127.0.0.1',
          port: smsc.port,
          systemId: 'twoproc',
          password: 'pw123',
          binds: 4,
          windowSize: 50,
          reconnectSeconds: 1,
          reconnectMaxSeconds: 2,
        },
      }),
    ).id;
    expectOk(
      await s.call<Route>('POST', '/sms/route/add', {
        token: admin,
        body: { name: 'two processes', companyId: DIRECT, sortOrder: 0, gateways: [{ gatewayId }] },
      }),
    );
    key = expectOk(
      await s.call<ApiKeyIssued>('POST', '/sys/apiSecret/generate', {
        token: admin,
        body: { companyId: DIRECT },
      }),
    );
    await s.app.services.ledger.credit(DIRECT, 'topup', units(1_000), `${TAG}-topup`);
    // The second process: its own connection pool, services, pub/sub and advisory-lock session.
    secondDatabase = await openDatabase({ databaseUrl: s.databaseUrl, dataDir: 'memory://' });
    second = await buildCore({
      config: s.app.platform.config,
      database: secondDatabase,
      logger: false,
      eventsChannel: s.eventsChannel,
    });
    // Each process owns two of the four bind slots: the test holds the advisory locks of slots 2
    // and 3 while the first process starts (it takes 0 and 1), then lets them go as the second
    // starts (the first tries held slots again only every 15 s).
    const holder = new pg.Client({ connectionString: s.databaseUrl });
    await holder.connect();
    const lock = (slot: number, fn: string) =>
      holder.query(`select ${fn}(hashtextextended($1, 0))`, [`sms-gateway:${gatewayId}:${slot}`]);
    try {
      for (const slot of [2, 3]) await lock(slot, 'pg_advisory_lock');
      await s.app.startWorkers({ jobs: false });
      await eventually(async () => expect(s.app.services.gateways.ready()).toEqual([gatewayId]));
      await eventually(async () => expect(smsc.bindList().filter((b) => b.mode)).toHaveLength(2));
      firstBinds = new Set(smsc.bindList().map((b) => b.bindId));
      for (const slot of [2, 3]) await lock(slot, 'pg_advisory_unlock');
      await second.startWorkers({ jobs: false });
    } finally {
      await holder.end();
    }
    await eventually(async () => expect(second!.services.gateways.ready()).toEqual([gatewayId]));
    await eventually(async () => expect(smsc.bindList().filter((b) => b.mode)).toHaveLength(4));
  });

  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await s?.close();
    await smsc?.stop();
  });

  it(`deliver each message of a run of ${RUN} exactly once, charged once`, { timeout: 600_000 }, async () => {
    const numbers = Array.from({ length: RUN }, (_, i) => `86139${String(i).padStart(8, '0')}`);
    const ids: string[] = [];
    // Through the customer HTTP API, a thousand numbers a request.
    for (let i = 0; i < RUN; i += 1_000) {
      const response = await fetch(`${s.baseUrl}${API_PREFIX}/openapi/v1/sms`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${key.apiKey}:${key.apiSecret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ kind: 'notification', to: numbers.slice(i, i + 1_000), text: `${TAG} hello` }),
      });
      const body = (await response.json()) as Envelope<SmsApiSendResult>;
      expect(response.status, JSON.stringify(body).slice(0, 500)).toBe(200);
      expect(body.result.messages.every((m) => m.status === 'accepted')).toBe(true);
      ids.push(...body.result.messages.map((m) => m.id!));
    }
    expect(new Set(ids).size).toBe(RUN);

    const rows = await eventually(async () => {
      const found = await s.app.database.db
        .select({
          id: smsMessages.id,
          batchId: smsMessages.batchId,
          status: smsMessages.status,
          price: smsMessages.price,
        })
        .from(smsMessages)
        .where(inArray(smsMessages.id, ids));
      expect(found).toHaveLength(RUN);
      expect(found.filter((m) => m.status !== 'delivered')).toHaveLength(0);
      return found;
    }, 300_000);

    // The simulator saw each number once.
    const seen = smsc.messages.filter((m) => m.text === `${TAG} hello`);
    expect(seen).toHaveLength(RUN);
    expect(new Set(seen.map((m) => m.destination)).size).toBe(RUN);
    const parts = smsc.parts.filter((p) => p.text === `${TAG} hello`);
    expect(parts).toHaveLength(RUN);
    // Both processes submitted their share.
    expect(parts.some((p) => firstBinds.has(p.bindId))).toBe(true);
    expect(parts.some((p) => !firstBinds.has(p.bindId))).toBe(true);

    // One charge per batch (a request) of its messages' prices, no refunds; the ledger reconciles.
    const batchPrices = new Map<string, bigint>();
    for (const r of rows) batchPrices.set(r.batchId!, (batchPrices.get(r.batchId!) ?? 0n) + r.price);
    expect(batchPrices.size).toBe(RUN / 1_000);
    const entries = await s.app.database.db
      .select({ key: ledgerEntries.idempotencyKey, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.companyId, DIRECT),
          inArray(
            ledgerEntries.idempotencyKey,
            [...batchPrices.keys()].map((id) => `sms-batch:${id}`),
          ),
        ),
      );
    expect(new Map(entries.map((e) => [e.key, -e.amount]))).toEqual(
      new Map([...batchPrices].map(([id, price]) => [`sms-batch:${id}`, price])),
    );
    const refunds = await s.app.database.db
      .select({ key: ledgerEntries.idempotencyKey })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, DIRECT), like(ledgerEntries.idempotencyKey, '%:refund')));
    expect(refunds.filter((r) => ids.includes(r.key.replace(/:refund$/, '')))).toEqual([]);
    expect((await s.app.services.ledger.reconcile()).differences).toEqual([]);
  });
});
