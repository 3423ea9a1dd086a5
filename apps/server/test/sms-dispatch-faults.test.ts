import {
  API_PREFIX,
  type ApiKeyIssued,
  type Envelope,
  type Gateway,
  type Route,
  type SmsApiSendResult,
  type SmsKind,
  units,
} from '@switchboard/contracts';
import { type Smsc, startSmsc } from '@switchboard/smsc-sim';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, smsMessages } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { companyId, eventually, expectOk, tokenOf } from './support/api';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/**
 * Faults between the dispatcher and its SMSCs, with real parts: the SMSC simulator (its answers
 * held, its throttling) and the cuttable TCP proxy between the server's gateway binds and it. At
 * most once upstream: a submit an SMSC may have taken is never sent to another gateway, never
 * refunded, and finalised by its receipt when one comes (matched by number when its id never
 * came). After each fault every balance equals its ledger.
 *
 * One simulator, an account per gateway: `fa` (through proxy A) and `fb` back up the
 * notification route; `fc` (through proxy C) is the marketing route's only gateway; `ft`
 * (throttling) and `fb` the OTP route.
 */

const DIRECT = companyId('Direct Retail Ltd');
const ACCOUNTS = ['fa', 'fb', 'fc', 'ft'] as const;
type Account = (typeof ACCOUNTS)[number];

let s: TestServer;
let sim: Smsc;
let proxyA: TcpProxy;
let proxyC: TcpProxy;
let admin: string;
let authorization: string;
const gatewayOf = {} as Record<Account, string>;

/** The numbers each account of the simulator took, with how many parts. */
function reached(account: Account, numbers: string[]): Map<string, number> {
  const wanted = new Set(numbers);
  const out = new Map<string, number>();
  for (const part of sim.parts) {
    if (part.systemId === account && wanted.has(part.destination)) {
      out.set(part.destination, (out.get(part.destination) ?? 0) + 1);
    }
  }
  return out;
}

async function send(kind: SmsKind, to: string[], text: string): Promise<string[]> {
  const response = await fetch(`${s.baseUrl}${API_PREFIX}/openapi/v1/sms`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ kind, to, text }),
  });
  const body = (await response.json()) as Envelope<SmsApiSendResult>;
  expect(response.status, JSON.stringify(body)).toBe(200);
  const ids = body.result.messages.map((m) => m.id!);
  expect(body.result.messages.every((m) => m.status === 'accepted')).toBe(true);
  return ids;
}

const rowsOf = (ids: string[]) =>
  s.app.database.db.select().from(smsMessages).where(inArray(smsMessages.id, ids));

/** Refunds of these messages (there must be none: a gateway may have taken each). */
const refundsOf = (ids: string[]) =>
  s.app.database.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.companyId, DIRECT),
        inArray(
          ledgerEntries.idempotencyKey,
          ids.map((id) => `${id}:refund`),
        ),
      ),
    );

async function balancesEqualLedger() {
  expect((await s.app.services.ledger.reconcile()).differences).toEqual([]);
}

const numbersFrom = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

beforeAll(async () => {
  sim = await startSmsc({
    accounts: ACCOUNTS.map((systemId) =>
      systemId === 'ft' ? { systemId, password: 'pw123', tps: 4, burst: 1 } : { systemId, password: 'pw123' },
    ),
    // Receipts only when a test flushes them (flushReceipts): their order is the test's.
    receiptDelayMs: 3_600_000,
    receiptRetryMs: 100,
  });
  proxyA = await startTcpProxy({ host: '127.0.0.1', port: sim.port });
  proxyC = await startTcpProxy({ host: '127.0.0.1', port: sim.port });
  s = await startServer({
    SMSC_SIM: '0',
    SMPP_PORT: 'off',
    SMS_POLL_MS: '20',
    SMS_SWEEP_MS: '100',
  });
  admin = await tokenOf(s, 'admin');
  for (const row of await s.app.services.gateways.allRows()) {
    if (row.enabled) await s.app.services.gateways.setEnabled(row.id, false);
  }
  const port: Record<Account, number> = { fa: proxyA.port, fb: sim.port, fc: proxyC.port, ft: sim.port };
  for (const account of ACCOUNTS) {
    gatewayOf[account] = expectOk(
      await s.call<Gateway>('POST', '/sms/gateway/add', {
        token: admin,
        body: {
          name: `faults-${account}-${Date.now()}`,
          host: '127.0.0.1',
          port: port[account],
          systemId: account,
          password: 'pw123',
          binds: 1,
          windowSize: 20,
          reconnectSeconds: 1,
          reconnectMaxSeconds: 1,
        },
      }),
    ).id;
  }
  for (const [name, smsKind, gateways] of [
    ['faults notification: a, then b', 'notification', ['fa', 'fb']],
    ['faults marketing: c only', 'marketing', ['fc']],
    ['faults otp: t, then b', 'otp', ['ft', 'fb']],
  ] as const) {
    expectOk(
      await s.call<Route>('POST', '/sms/route/add', {
        token: admin,
        body: {
          name,
          companyId: DIRECT,
          smsKind,
          countryCode: null,
          sortOrder: 0,
          gateways: gateways.map((a) => ({ gatewayId: gatewayOf[a] })),
        },
      }),
    );
  }
  await s.app.startWorkers({ jobs: false });
  await eventually(
    async () => expect(s.app.services.gateways.ready().sort()).toEqual(Object.values(gatewayOf).sort()),
    30_000,
  );
  await s.app.services.ledger.credit(DIRECT, 'topup', units(100), `sms-faults-topup-${Date.now()}`);
  const key = expectOk(
    await s.call<ApiKeyIssued>('POST', '/sys/apiSecret/generate', {
      token: admin,
      body: { companyId: DIRECT },
    }),
  );
  authorization = `Basic ${Buffer.from(`${key.apiKey}:${key.apiSecret}`).toString('base64')}`;
}, 600_000);

afterAll(async () => {
  await s?.close();
  await proxyA?.close();
  await proxyC?.close();
  await sim?.stop();
});

describe('a submit the SMSC may have taken', () => {
  it('is never sent to the route’s next gateway when its answer never comes: sent unconfirmed, then finalised by its receipt (kept before, matched by number)', {
    timeout: 120_000,
  }, async () => {
    const numbers = numbersFrom('8613900', 20);
    sim.holdAnswers('fa');
    const ids = await send('notification', numbers, 'faults: answer swallowed, code 4711');
    // Every one written to A and taken there; no answer came.
    await eventually(async () => expect(reached('fa', numbers).size).toBe(20));
    // Their receipts come (ids never answered) and are kept, before the bind dies.
    const acked = sim.receipts.length;
    sim.flushReceipts();
    await eventually(async () => {
      const mine = sim.receipts.slice(acked).filter((r) => numbers.includes(r.source));
      expect(mine.filter((r) => r.responseStatus === 0)).toHaveLength(20);
    });
    // The connection dies with the answers: the submits are unconfirmed, sent on A (not failed
    // over to B), and the receipts kept meanwhile finalise them (matched by their numbers).
    proxyA.cut();
    await eventually(async () => {
      const rows = await rowsOf(ids);
      expect(rows.map((m) => m.status)).toEqual(ids.map(() => 'delivered'));
      expect(new Set(rows.map((m) => m.gatewayId))).toEqual(new Set([gatewayOf.fa]));
    }, 60_000);
    sim.releaseAnswers('fa');
    proxyA.restore();
    expect(reached('fb', numbers).size).toBe(0);
    expect([...reached('fa', numbers).values()].every((n) => n === 1)).toBe(true);
    expect(await refundsOf(ids)).toEqual([]);
    await balancesEqualLedger();
  });

  it('on a one-gateway route is neither failed nor refunded, and a receipt that comes after finalises it (two to one number told apart by their text, two alike shared out)', {
    timeout: 120_000,
  }, async () => {
    // 18 and two more: the gateway's window (20) holds them all.
    const numbers = numbersFrom('8613901', 18);
    sim.holdAnswers('fc');
    const ids = [
      ...(await send('marketing', numbers, 'faults: one gateway, code 4711')),
      // A second message to one of the numbers: its receipt is told apart by its text.
      ...(await send('marketing', [numbers[0]!], 'faults: same number, other text')),
      // And one alike (number and text) to another: the receipts cannot tell the two apart, so
      // they are shared out oldest first, and both end with a receipt.
      ...(await send('marketing', [numbers[1]!], 'faults: one gateway, code 4711')),
    ];
    await eventually(
      async () => expect(sim.parts.filter((p) => p.systemId === 'fc')).toHaveLength(20),
      30_000,
    );
    proxyC.cut();
    await eventually(async () => {
      const rows = await rowsOf(ids);
      expect(rows.filter((m) => m.status === 'queued')).toEqual([]);
      expect(rows.map((m) => m.status)).toEqual(ids.map(() => 'sent'));
      expect(new Set(rows.map((m) => m.errorCode))).toEqual(new Set(['SUBMIT_UNCONFIRMED']));
    }, 60_000);
    expect(await refundsOf(ids)).toEqual([]);
    await balancesEqualLedger();
    // The receipts come once the bind is back, after the messages were stored as unconfirmed.
    sim.releaseAnswers('fc');
    sim.flushReceipts();
    proxyC.restore();
    await eventually(async () => {
      const rows = await rowsOf(ids);
      expect(rows.map((m) => m.status)).toEqual(ids.map(() => 'delivered'));
    }, 60_000);
    expect(await refundsOf(ids)).toEqual([]);
    await balancesEqualLedger();
  });
});

describe('throttling', () => {
  it('never sends a message one of whose parts the SMSC took to another gateway: a throttled later part waits', {
    timeout: 300_000,
  }, async () => {
    const numbers = numbersFrom('8613902', 24);
    // Two parts each (GSM-7, over 160 characters).
    const text = `faults: two parts, code 4711. ${'x'.repeat(170)}`;
    const ids = await send('otp', numbers, text);
    await eventually(async () => {
      const rows = await rowsOf(ids);
      expect(rows.filter((m) => m.status !== 'sent')).toEqual([]);
    }, 240_000);
    expect(sim.stats.throttled).toBeGreaterThan(0);
    const onB = reached('fb', numbers);
    expect([...onB.keys()]).toEqual([]);
    // Each part once.
    expect([...reached('ft', numbers).values()]).toEqual(numbers.map(() => 2));
    const rows = await rowsOf(ids);
    expect(new Set(rows.map((m) => m.gatewayId))).toEqual(new Set([gatewayOf.ft]));
    expect(rows.every((m) => m.errorCode === null)).toBe(true);
    expect(await refundsOf(ids)).toEqual([]);
    await balancesEqualLedger();
  });
});
