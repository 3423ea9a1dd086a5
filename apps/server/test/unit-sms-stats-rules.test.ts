import { describe, expect, it } from 'vitest';
import { contributionOf, EMPTY_RAW, figuresOf, sumRaw } from '../src/modules/sms-stats/rules';
import { dailySeries } from '../src/platform/daily-stats';

/** The SMS statistics' figures and counting rule (the periods: unit-daily-stats.test.ts). */

const at = (iso: string) => new Date(iso);

describe('the counting rule of a final message', () => {
  const base = {
    createdAt: at('2026-11-20T23:30:00Z'),
    companyId: 'c1',
    kind: 'otp',
    countryCode: 'CN',
    gatewayId: 'g1',
    status: 'delivered',
    parts: 2,
    price: 90_000n,
    cost: 40_000n,
  };

  it('counts on the day it was created, under its gateway, with price and cost', () => {
    expect(contributionOf(base)).toEqual({
      key: '2026-11-20|c1|otp|CN|g1',
      sent: 1,
      status: 'delivered',
      parts: 2,
      revenue: 90_000n,
      cost: 40_000n,
    });
  });

  it('a gateway failure after it took the message is charged (revenue and cost)', () => {
    const c = contributionOf({ ...base, status: 'failed' });
    expect([c.sent, c.revenue, c.cost]).toEqual([1, 90_000n, 40_000n]);
    const t = contributionOf({ ...base, status: 'timeout' });
    expect([t.sent, t.revenue, t.cost]).toEqual([1, 90_000n, 40_000n]);
  });

  it('failed before any gateway took it: refunded, no revenue and no cost', () => {
    const c = contributionOf({ ...base, gatewayId: null, status: 'failed' });
    expect([c.key, c.sent, c.revenue, c.cost]).toEqual(['2026-11-20|c1|otp|CN|', 0, 0n, 0n]);
  });

  it('claimed but unconfirmed (timeout without a gateway): kept as charged, no known cost', () => {
    const c = contributionOf({ ...base, gatewayId: null, status: 'timeout' });
    expect([c.sent, c.revenue, c.cost]).toEqual([0, 90_000n, 0n]);
  });

  it('invalid number: no country, nothing charged', () => {
    const c = contributionOf({
      ...base,
      countryCode: null,
      gatewayId: null,
      status: 'invalid_number',
      price: 0n,
    });
    expect([c.key, c.revenue]).toEqual(['2026-11-20|c1|otp||', 0n]);
  });

  it('a gateway without a known cost counts 0', () => {
    expect(contributionOf({ ...base, cost: null }).cost).toBe(0n);
  });
});

describe('figures', () => {
  const raw = {
    messages: 10,
    sentFinal: 6,
    delivered: 3,
    parts: 14,
    revenue: 500_000n,
    cost: 200_000n,
    pending: 2,
    pendingSent: 1,
  };

  it('total, sent, failed, pending and the delivery rate over sent messages with an outcome', () => {
    expect(figuresOf(raw, true)).toEqual({
      total: 12,
      sent: 7,
      delivered: 3,
      failed: 7,
      pending: 2,
      deliveryRate: 0.5,
      parts: 14,
      revenue: 500_000n,
      cost: 200_000n,
      margin: 300_000n,
    });
  });

  it('cost and margin for staff only; no rate without a sent message with an outcome', () => {
    const f = figuresOf({ ...EMPTY_RAW, pending: 3, pendingSent: 3 }, false);
    expect([f.cost, f.margin, f.deliveryRate, f.total, f.sent]).toEqual([null, null, null, 3, 3]);
    expect(figuresOf({ ...raw, cost: 600_000n }, true).margin).toBe(-100_000n);
  });

  it('sums groups exactly and fills days without messages', () => {
    expect(sumRaw([raw, raw])).toEqual({
      messages: 20,
      sentFinal: 12,
      delivered: 6,
      parts: 28,
      revenue: 1_000_000n,
      cost: 400_000n,
      pending: 4,
      pendingSent: 2,
    });
    const series = dailySeries(
      [{ ...raw, key: '2026-11-02' }],
      { from: '2026-10-31', to: '2026-11-02' },
      EMPTY_RAW,
    );
    expect(series.map((r) => [r.key, r.messages])).toEqual([
      ['2026-10-31', 0],
      ['2026-11-01', 0],
      ['2026-11-02', 10],
    ]);
  });
});
