import { DATE_MAX_DAY, DATE_MIN_DAY, STATS_MAX_DAYS, smsAnalysisQuerySchema } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/platform/access';
import {
  addDays,
  dailySeries,
  dayKey,
  daysBetween,
  eachDay,
  homeAudienceOf,
  homePeriods,
  periodOf,
  sumCounters,
} from '../src/platform/daily-stats';
import type { DataScope } from '../src/platform/scope';

/** The period rules every statistics shares (platform/daily-stats/period.ts). */

const at = (iso: string) => new Date(iso);
const EMPTY = { n: 0, money: 0n };

describe('periods (UTC days)', () => {
  it('defaults to the 30 days up to today; a day range is inclusive', () => {
    const now = at('2026-11-26T23:59:59Z');
    expect(periodOf(undefined, undefined, { now })).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(periodOf(at('2026-11-01T00:00:00Z'), undefined, { now })).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
    });
    expect(periodOf(undefined, at('2026-03-01T10:00:00Z'), { now })).toEqual({
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
      expect.objectContaining({ errorCode: 'PERIOD_TOO_LONG' }),
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
    expect(dailySeries([], period, EMPTY).map((r) => r.key)).toEqual(['2100-12-31']);
    const first = smsAnalysisQuerySchema.parse({ dateFrom: DATE_MIN_DAY, dateTo: DATE_MIN_DAY });
    expect(periodOf(first.dateFrom, first.dateTo)).toEqual({ from: '2000-01-01', to: '2000-01-01' });
    const all = smsAnalysisQuerySchema.parse({ dateFrom: DATE_MIN_DAY, dateTo: DATE_MAX_DAY });
    expect(() => periodOf(all.dateFrom, all.dateTo)).toThrow(
      expect.objectContaining({ errorCode: 'PERIOD_TOO_LONG', params: { days: STATS_MAX_DAYS } }),
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
    expect(() => eachDay('2000-01-01', '2100-12-31', STATS_MAX_DAYS)).toThrow(RangeError);
    expect(() => eachDay('9999-12-31', '9999-12-31', 10)).not.toThrow();
    expect(() => eachDay('x', 'y', 10)).toThrow(RangeError);
    expect(() => dailySeries([], { from: '2000-01-01', to: '9999-12-31' }, EMPTY)).toThrow(RangeError);
  });

  it('home: today, this month, and the 30-day series start', () => {
    expect(homePeriods(at('2026-11-26T08:00:00Z'))).toEqual({
      today: '2026-11-26',
      monthStart: '2026-11-01',
      seriesStart: '2026-10-28',
      from: '2026-10-28',
    });
    expect(homePeriods(at('2026-03-01T00:00:00Z'))).toMatchObject({
      seriesStart: '2026-01-31',
      from: '2026-01-31',
    });
    // Late in a long month the month starts before the series.
    expect(homePeriods(at('2026-12-31T12:00:00Z'))).toMatchObject({
      monthStart: '2026-12-01',
      from: '2026-12-01',
    });
  });
});

describe('rows of counters', () => {
  it('adds counters field by field, money exactly; nothing adds up to the empty row', () => {
    expect(
      sumCounters(
        [
          { n: 2, money: 1n },
          { n: 3, money: 999_999_999_999n },
        ],
        EMPTY,
      ),
    ).toEqual({
      n: 5,
      money: 1_000_000_000_000n,
    });
    expect(sumCounters([], EMPTY)).toEqual(EMPTY);
  });

  it('a daily series has every day, a day without a row empty', () => {
    const series = dailySeries(
      [{ key: '2026-03-01', n: 4, money: 2n }],
      { from: '2026-02-27', to: '2026-03-01' },
      EMPTY,
    );
    expect(series).toEqual([
      { key: '2026-02-27', n: 0, money: 0n },
      { key: '2026-02-28', n: 0, money: 0n },
      { key: '2026-03-01', n: 4, money: 2n },
    ]);
  });
});

describe('the audience of a home dashboard', () => {
  const auth = (roles: string[], companyId: string | null) =>
    ({ roles, user: { companyId } }) as unknown as AuthContext;

  it('staff all (or a salesperson its assigned companies), a reseller the companies below its own, a customer its company', () => {
    const all: DataScope = { kind: 'all' };
    const some = (...companyIds: string[]): DataScope => ({ kind: 'companies', companyIds });
    expect(homeAudienceOf(auth(['admin'], 'c0'), all)).toMatchObject({
      scope: 'all',
      staff: true,
      exclude: [],
    });
    expect(homeAudienceOf(auth(['sales'], 'c0'), some('c5', 'c6'))).toMatchObject({
      scope: 'assigned',
      staff: true,
      exclude: [],
    });
    expect(homeAudienceOf(auth(['agent'], 'c1'), some('c1', 'c3'))).toMatchObject({
      scope: 'customers',
      reseller: true,
      own: 'c1',
      exclude: ['c1'],
    });
    expect(homeAudienceOf(auth(['customer'], 'c2'), some('c2'))).toMatchObject({
      scope: 'company',
      exclude: [],
    });
    // A reseller role without a company has no customers of its own.
    expect(homeAudienceOf(auth(['agent'], null), some())).toMatchObject({
      scope: 'company',
      reseller: false,
    });
  });
});
