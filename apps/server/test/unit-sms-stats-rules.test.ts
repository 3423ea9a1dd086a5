import {
  DATE_MAX_DAY,
  DATE_MIN_DAY,
  SMS_ANALYSIS_MAX_DAYS,
  smsAnalysisQuerySchema,
} from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  contributionOf,
  dailySeries,
  dayKey,
  daysBetween,
  EMPTY_RAW,
  eachDay,
  figuresOf,
  homePeriods,
  periodOf,
  sumRaw,
} from '../src/modules/sms-stats/rules';

const at = (iso: string) => new Date(iso);

describe('periods (UTC days)', () => {
  it('defaults to the 30 days up to today; a day range is inclusive', () => {
    const now = at('2026-11-26T23:59:59Z');
    expect(periodOf(undefined, undefined, now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(periodOf(at('2026-11-01T00:00:00Z'), undefined, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
    });
    expect(periodOf(undefined, at('2026-03-01T10:00:00Z'), now)).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
    expect(daysBetween('2026-11-26', '2026-11-26')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(3);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // An instant just before midnight UTC belongs to that UTC day whatever the local zone.
    expect(dayKey(at('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
  });

  it('refuses an end before the start and more than 366 days', () => {
    expect(() => periodOf(at('2026-11-02'), at('2026-11-01'))).toThrow(
      expect.objectContaining({ errorCode: 'FIELD_INVALID' }),
    );
    // The end as the contracts give it: the first instant after the period (2026-11-26 → 11-27).
    expect(periodOf(at('2025-11-26'), at('2026-11-27'))).toEqual({ from: '2025-11-26', to: '2026-11-26' });
    expect(() => periodOf(at('2025-11-25'), at('2026-11-27'))).toThrow(
      expect.objectContaining({ errorCode: 'SMS_PERIOD_TOO_LONG' }),
    );
  });

  it('a day alone is that whole day: dateFrom=D&dateTo=D is the period of D', () => {
    const d = smsAnalysisQuerySchema.parse({ dateFrom: '2026-11-25', dateTo: '2026-11-25' });
    expect(periodOf(d.dateFrom, d.dateTo)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
  });

  it('answers extreme periods at once: the last day users may name, reversed and very long ranges', () => {
    const last = smsAnalysisQuerySchema.parse({ dateFrom: DATE_MAX_DAY, dateTo: DATE_MAX_DAY });
    const period = periodOf(last.dateFrom, last.dateTo);
    expect(period).toEqual({ from: '2100-12-31', to: '2100-12-31' });
    expect(dailySeries([], period.from, period.to).map((r) => r.key)).toEqual(['2100-12-31']);
    const first = smsAnalysisQuerySchema.parse({ dateFrom: DATE_MIN_DAY, dateTo: DATE_MIN_DAY });
    expect(periodOf(first.dateFrom, first.dateTo)).toEqual({ from: '2000-01-01', to: '2000-01-01' });
    const all = smsAnalysisQuerySchema.parse({ dateFrom: DATE_MIN_DAY, dateTo: DATE_MAX_DAY });
    expect(() => periodOf(all.dateFrom, all.dateTo)).toThrow(
      expect.objectContaining({ errorCode: 'SMS_PERIOD_TOO_LONG', params: { days: SMS_ANALYSIS_MAX_DAYS } }),
    );
    const reversed = smsAnalysisQuerySchema.parse({ dateFrom: DATE_MAX_DAY, dateTo: DATE_MIN_DAY });
    expect(() => periodOf(reversed.dateFrom, reversed.dateTo)).toThrow(
      expect.objectContaining({ errorCode: 'FIELD_INVALID' }),
    );
    // The bounds ± 1 and beyond: refused by the contract, before any rule.
    for (const day of ['1999-12-31', '2101-01-01', '9999-12-31', '0000-01-01', '+010000-01-01']) {
      expect(smsAnalysisQuerySchema.safeParse({ dateFrom: day, dateTo: day }).success, day).toBe(false);
    }
  });

  it('day arithmetic never writes a day that does not compare (no +010000-01), loops are bounded', () => {
    expect(addDays('2100-12-31', 1)).toBe('2101-01-01');
    expect(addDays('9999-12-31', -1)).toBe('9999-12-30');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError);
    expect(() => addDays('not a day', 1)).toThrow(RangeError);
    expect(eachDay('2026-12-30', '2027-01-02', 10)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(eachDay('2026-12-30', '2026-12-29', 10)).toEqual([]);
    // The bound is the caller's constant, whatever the days: a longer period is refused, not walked.
    expect(() => eachDay('2000-01-01', '2100-12-31', SMS_ANALYSIS_MAX_DAYS)).toThrow(RangeError);
    expect(() => eachDay('9999-12-31', '9999-12-31', 10)).not.toThrow();
    expect(() => eachDay('x', 'y', 10)).toThrow(RangeError);
    expect(() => dailySeries([], '2000-01-01', '9999-12-31')).toThrow(RangeError);
  });

  it('home: today, this month, and the 30-day series start', () => {
    expect(homePeriods(at('2026-11-26T08:00:00Z'))).toEqual({
      today: '2026-11-26',
      monthStart: '2026-11-01',
      seriesStart: '2026-10-28',
    });
    expect(homePeriods(at('2026-03-01T00:00:00Z')).seriesStart).toBe('2026-01-31');
  });
});

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
    const series = dailySeries([{ ...raw, key: '2026-11-02' }], '2026-10-31', '2026-11-02');
    expect(series.map((r) => [r.key, r.messages])).toEqual([
      ['2026-10-31', 0],
      ['2026-11-01', 0],
      ['2026-11-02', 10],
    ]);
  });
});
