import { parseMoney, units } from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyRateGroups, ledgerEntries, rateGroups } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { companyId } from './support/api';

const ACME = companyId('Acme Agency');
const NORTHWIND = companyId('Northwind Distribution');
const CN_MOBILE = '+8613800138000';

/** Row locks and many connections need a real PostgreSQL: PGlite is one session. */
describe.skipIf(!process.env.DATABASE_URL)('charges with commissions under concurrency (PostgreSQL)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('200 parallel charges (each sent twice) on one customer of an agent end with exact balances and commissions', async () => {
    const db = s.app.database.db;
    const [customer] = await db
      .insert(companies)
      .values({
        name: 'Concurrent customer',
        type: 'direct',
        approvalStatus: 'approved',
        parentCompanyId: ACME,
      })
      .returning({ id: companies.id });
    const id = customer!.id;
    const [group] = await db.select().from(rateGroups).where(eq(rateGroups.name, 'Acme customers SMS'));
    await db.insert(companyRateGroups).values({ companyId: id, kind: 'sms', groupId: group!.id });
    const { ledger, rates } = s.app.services;
    // Enough for 150 of the 200 messages of 0.0495 (marketing, CN).
    const price = parseMoney('0.0495')!;
    await ledger.credit(id, 'topup', price * 150n, 'topup-concurrent');
    const [acme0, nw0] = [await ledger.balanceOf(ACME), await ledger.balanceOf(NORTHWIND)];

    const keys = Array.from({ length: 200 }, (_, i) => `m-${i}`);
    const started = performance.now();
    const results = await Promise.all(
      [...keys, ...keys].map(async (key, i) => {
        try {
          // Half as single charges, half as batches of one.
          if (i % 2) return (await rates.charging.charge(id, 'marketing', CN_MOBILE, 1, key)).status;
          const [o] = await rates.charging.chargeBatch(id, 'marketing', [
            { number: CN_MOBILE, parts: 1, idempotencyKey: key },
          ]);
          return o!.status === 'refused' ? o!.reason : o!.status;
        } catch (error) {
          return (error as { errorCode?: string }).errorCode ?? String(error);
        }
      }),
    );
    const ms = performance.now() - started;
    const charged = new Set(
      keys.filter((_, i) => results[i] === 'charged' || results[i + 200] === 'charged'),
    );
    const count = (status: string) => results.filter((r) => r === status).length;
    console.log(
      `400 charge calls (200 keys) with commissions in ${Math.round(ms)} ms: ${JSON.stringify({ charged: count('charged'), replayed: count('replayed'), refused: count('BALANCE_INSUFFICIENT') })}`,
    );
    // Each key charged at most once; exactly 150 fit.
    expect(count('charged')).toBe(150);
    expect(charged.size).toBe(150);
    expect(results.every((r) => ['charged', 'replayed', 'BALANCE_INSUFFICIENT'].includes(r))).toBe(true);
    expect((await ledger.balanceOf(id)).balance).toBe(0n);
    const acmeMargin = price - parseMoney('0.03825')!;
    const nwMargin = parseMoney('0.03825')! - parseMoney('0.0315')!;
    expect((await ledger.balanceOf(ACME)).commission - acme0.commission).toBe(acmeMargin * 150n);
    expect((await ledger.balanceOf(NORTHWIND)).commission - nw0.commission).toBe(nwMargin * 150n);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.companyId, id));
    expect(entries.filter((e) => e.kind === 'charge')).toHaveLength(150);
    const report = await ledger.reconcile();
    expect(report.differences).toEqual([]);
  });

  it('a batch of 1,000 messages with commissions is one transaction', async () => {
    const db = s.app.database.db;
    const [customer] = await db
      .insert(companies)
      .values({ name: 'Batch customer', type: 'direct', approvalStatus: 'approved', parentCompanyId: ACME })
      .returning({ id: companies.id });
    const id = customer!.id;
    const [group] = await db.select().from(rateGroups).where(eq(rateGroups.name, 'Acme customers SMS'));
    await db.insert(companyRateGroups).values({ companyId: id, kind: 'sms', groupId: group!.id });
    const { ledger, rates } = s.app.services;
    await ledger.credit(id, 'topup', units(1000), 'topup-batch');
    const items = Array.from({ length: 1000 }, (_, i) => ({
      number: CN_MOBILE,
      parts: 1,
      idempotencyKey: `b-${i}`,
    }));
    const started = performance.now();
    const out = await rates.charging.chargeBatch(id, 'otp', items);
    const ms = performance.now() - started;
    console.log(`batch of 1000 charges with 2 commissions each: ${Math.round(ms)} ms`);
    expect(out.every((o) => o.status === 'charged')).toBe(true);
    expect((await ledger.balanceOf(id)).balance).toBe(units(1000) - parseMoney('0.0418')! * 1000n);
    expect((await ledger.reconcile()).differences).toEqual([]);
  });
});
