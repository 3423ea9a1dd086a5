import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderCreated } from '@switchboard/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nowPaymentsIpn,
  type SimOrder,
  stripeSessionEvent,
} from '../src/modules/payments/providers/simulator';
import { ledgerEntries, paymentEvents, topUpOrders } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { companyId, eventually, expectOk, tokenOf } from './support/api';

const here = path.dirname(fileURLToPath(import.meta.url));
const USERS = {
  customer: companyId('Direct Retail Ltd'),
  customer2: companyId('Two-Way Logistics'),
  agentcustomer: companyId('Agency Client Co'),
  agent: companyId('Acme Agency'),
} as const;
type Payer = keyof typeof USERS;

/** One delivery: which webhook, the exact body (a repeat is byte for byte the same). */
interface Delivery {
  provider: 'stripe' | 'nowpayments';
  body: unknown;
}

/**
 * Webhooks under concurrency and a crash need a real PostgreSQL (row locks, many connections, a
 * second process on the same database).
 */
describe.skipIf(!process.env.DATABASE_URL)('payment webhooks under concurrency (PostgreSQL)', () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    s = await startServer();
    for (const user of Object.keys(USERS)) tokens[user] = await tokenOf(s, user);
  });
  afterAll(() => s.close());

  const balances = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(USERS).map(
          async ([u, c]) => [u, (await s.app.services.ledger.balanceOf(c)).balance] as const,
        ),
      ),
    ) as Record<Payer, bigint>;

  /** `n` orders of the demo companies in turn, card and crypto alternating, amounts all different. */
  async function orders(n: number, offset: number): Promise<(SimOrder & { payer: Payer })[]> {
    const payers = Object.keys(USERS) as Payer[];
    const made: (SimOrder & { payer: Payer })[] = [];
    for (let i = 0; i < n; i++) {
      const payer = payers[i % payers.length]!;
      const method = i % 2 ? 'crypto' : 'card';
      const amount = `${50 + offset + i}.${String(i % 100).padStart(2, '0')}`;
      const res = await s.call<OrderCreated>('POST', '/sys/order/create', {
        token: tokens[payer],
        body: { amount, method },
      });
      const { orderId } = expectOk(res);
      made.push({ ...(await s.app.services.payments.find(orderId))!, payer });
    }
    return made;
  }

  /** Every notification a provider would send for a paid order (the paying one twice over). */
  function notifications(order: SimOrder): Delivery[] {
    if (order.method === 'card') {
      const paid = stripeSessionEvent('checkout.session.completed', order);
      return [
        { provider: 'stripe', body: paid },
        { provider: 'stripe', body: paid },
        // The same news under another event id.
        { provider: 'stripe', body: stripeSessionEvent('checkout.session.completed', order) },
      ];
    }
    const price = Number(order.amountRequested / 10_000n) / 100;
    const finished = nowPaymentsIpn('finished', order, { actuallyPaid: price });
    return [
      { provider: 'nowpayments', body: nowPaymentsIpn('confirming', order, { actuallyPaid: price }) },
      { provider: 'nowpayments', body: finished },
      { provider: 'nowpayments', body: finished },
      { provider: 'nowpayments', body: nowPaymentsIpn('confirmed', order, { actuallyPaid: price }) },
    ];
  }

  async function signed(delivery: Delivery) {
    const adapter = (await s.app.services.payments.providers.adapter(delivery.provider)) as unknown as {
      sign(p: unknown): string;
    };
    const raw = JSON.stringify(delivery.body);
    const header =
      delivery.provider === 'stripe'
        ? { 'stripe-signature': adapter.sign(raw as never) }
        : { 'x-nowpayments-sig': adapter.sign(delivery.body as never) };
    return { raw, headers: { 'content-type': 'application/json', ...header } };
  }

  async function deliver(baseUrl: string, delivery: Delivery): Promise<number> {
    const { raw, headers } = await signed(delivery);
    const res = await fetch(`${baseUrl}/api/payments/webhook/${delivery.provider}`, {
      method: 'POST',
      headers,
      body: raw,
    });
    await res.text();
    return res.status;
  }

  /** Mixes deliveries of all orders (a fixed, not random, interleaving). */
  const mixed = <T>(items: T[]) =>
    items
      .map((item, i) => ({ item, k: (i * 7919) % 997 }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.item);

  async function expectEachCreditedOnce(
    list: (SimOrder & { payer: Payer })[],
    before: Record<Payer, bigint>,
  ) {
    const db = s.app.database.db;
    for (const order of list) {
      const found = (await s.app.services.payments.find(order.id))!;
      expect(found.state, order.id).toBe('finished');
      expect(found.amountCredited).toBe(order.amountRequested);
    }
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.kind, 'topup'),
          inArray(
            ledgerEntries.idempotencyKey,
            list.map((o) => o.id),
          ),
        ),
      );
    expect(entries).toHaveLength(list.length);
    const after = await balances();
    for (const payer of Object.keys(USERS) as Payer[]) {
      const sum = list.filter((o) => o.payer === payer).reduce((t, o) => t + o.amountRequested, 0n);
      expect(after[payer] - before[payer], payer).toBe(sum);
    }
    expect((await s.app.services.ledger.reconcile()).differences).toEqual([]);
  }

  it('200+ parallel deliveries (repeats and distinct orders mixed) credit each order exactly once', async () => {
    const before = await balances();
    const list = await orders(60, 0);
    const deliveries = mixed(list.flatMap(notifications));
    expect(deliveries.length).toBeGreaterThanOrEqual(200);
    const statuses = await Promise.all(deliveries.map((d) => deliver(s.baseUrl, d)));
    expect(statuses.every((st) => st === 200)).toBe(true);
    await expectEachCreditedOnce(list, before);
    // Every delivery was recorded once by its event id; the repeats were recognised.
    const [row] = await s.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.orderId,
          list.map((o) => o.id),
        ),
      );
    expect(row!.n).toBeLessThan(deliveries.length);
  });

  it('the rest of a partly paid order settled by the expiry job, reported many times at once, is credited once', async () => {
    const before = await balances();
    const list = (await orders(20, 2000)).filter((o) => o.method === 'crypto');
    const price = (o: SimOrder) => Number(o.amountRequested / 10_000n) / 100;
    for (const order of list) {
      const partial = nowPaymentsIpn('partially_paid', order, { actuallyPaid: price(order) / 4 });
      expect(await deliver(s.baseUrl, { provider: 'nowpayments', body: partial })).toBe(200);
    }
    await s.app.database.db
      .update(topUpOrders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(
        inArray(
          topUpOrders.id,
          list.map((o) => o.id),
        ),
      );
    expect((await s.app.jobs.runNow('payments.orders.expire')).status).toBe('ok');
    // Each order: the same 'finished' twice, and the same news in two other notifications.
    const deliveries = mixed(
      list.flatMap((order): Delivery[] => {
        const finished = nowPaymentsIpn('finished', order, { actuallyPaid: price(order), paymentId: 1 });
        return [
          { provider: 'nowpayments', body: finished },
          { provider: 'nowpayments', body: finished },
          { provider: 'nowpayments', body: { ...finished, updated_at: 1 } },
          { provider: 'nowpayments', body: { ...finished, updated_at: 2 } },
        ];
      }),
    );
    const statuses = await Promise.all(deliveries.map((d) => deliver(s.baseUrl, d)));
    expect(statuses.every((st) => st === 200)).toBe(true);
    for (const order of list) {
      const found = (await s.app.services.payments.find(order.id))!;
      expect(found.state, order.id).toBe('finished');
      expect(found.amountCredited).toBe(order.amountRequested);
      const credits = await s.app.database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, 'topup'), eq(ledgerEntries.reference, `order:${order.id}`)));
      expect(credits).toHaveLength(2);
    }
    const after = await balances();
    for (const payer of Object.keys(USERS) as Payer[]) {
      const sum = list.filter((o) => o.payer === payer).reduce((t, o) => t + o.amountRequested, 0n);
      expect(after[payer] - before[payer], payer).toBe(sum);
    }
    expect((await s.app.services.ledger.reconcile()).differences).toEqual([]);
    expect((await s.app.services.payments.issues.reconcile()).creditDifferences).toEqual([]);
  });

  it('a server SIGKILLed in the middle of deliveries, restarted and redelivered to, credits each order once', async () => {
    const before = await balances();
    const list = await orders(120, 1000);
    const deliveries = mixed(list.flatMap(notifications));
    const port = 8432;
    const url = `http://127.0.0.1:${port}`;
    const start = async (): Promise<ChildProcess> => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.join(here, '..'),
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          DATABASE_URL: s.databaseUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO: '0',
          REDIS_URL: '',
          LOG_LEVEL: 'error',
          PAYMENTS_MODE: 'simulator',
        },
      });
      child.stderr?.resume();
      await eventually(async () => {
        expect(child.exitCode).toBeNull();
        expect((await fetch(`${url}/api/health`)).ok).toBe(true);
      }, 120_000);
      return child;
    };

    const first = await start();
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      first.on('exit', (_c, signal) => resolve(signal)),
    );
    // Deliver with 16 at a time until the process dies under them.
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (next < deliveries.length) {
        const d = deliveries[next++]!;
        try {
          await deliver(url, d);
        } catch {
          failed++;
        }
      }
    };
    const running = Promise.all(Array.from({ length: 16 }, worker));
    const applied = async () => {
      const [row] = await s.app.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.outcome, 'applied'),
            inArray(
              paymentEvents.orderId,
              list.map((o) => o.id),
            ),
          ),
        );
      return row!.n;
    };
    await eventually(async () => expect(await applied()).toBeGreaterThanOrEqual(40), 60_000);
    first.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    await running;
    const creditedAtKill = await applied();
    expect(creditedAtKill).toBeLessThan(list.length * 2);
    expect(failed).toBeGreaterThan(0);
    // Nothing half-done: every balance still equals its ledger.
    expect((await s.app.services.ledger.reconcile()).differences).toEqual([]);

    // Restarted, the providers deliver everything again (they retry until answered 2xx).
    const second = await start();
    try {
      const statuses = await Promise.all(deliveries.map((d) => deliver(url, d)));
      expect(statuses.every((st) => st === 200)).toBe(true);
      await expectEachCreditedOnce(list, before);
    } finally {
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
    }
  });
});
