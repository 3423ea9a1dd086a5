import { describe, expect, it } from 'vitest';
import { ellipsis, formatDateTime, formatDuration, formatMoney, formatNumber, formatRate } from './format';

describe('numbers', () => {
  it('uses thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-9876543.5)).toBe('-9,876,543.5');
    expect(formatNumber('50000')).toBe('50,000');
    expect(formatNumber(1234.5678, 2)).toBe('1,234.57');
    expect(formatMoney(50)).toBe('50.00');
    expect(formatMoney(49999.999)).toBe('50,000.00');
    expect(formatMoney('0.040000', { exact: true })).toBe('0.04');
    expect(formatMoney('0.004000', { exact: true })).toBe('0.004');
    expect(formatMoney('1234.5', { exact: true })).toBe('1,234.50');
    expect(formatMoney('', { exact: true })).toBe('');
  });

  it('shows nothing for missing or invalid numbers', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('rates', () => {
  it('writes a rate 0..1 as a percentage to one decimal, a dash for none', () => {
    expect(formatRate(0.5)).toBe('50.0%');
    expect(formatRate(2 / 3)).toBe('66.7%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(null)).toBe('–');
    expect(formatRate(undefined)).toBe('–');
  });
});

describe('durations', () => {
  it('writes minutes and seconds to a tenth', () => {
    expect(formatDuration(0)).toBe('0:00.0');
    expect(formatDuration(1234)).toBe('0:01.2');
    expect(formatDuration(59_960)).toBe('1:00.0');
    expect(formatDuration(264_148)).toBe('4:24.1');
  });

  it('writes whole seconds for calls', () => {
    const calls = { tenths: false };
    expect(formatDuration(0, calls)).toBe('0:00');
    expect(formatDuration(1_400, calls)).toBe('0:01');
    expect(formatDuration(42_000, calls)).toBe('0:42');
    expect(formatDuration(59_600, calls)).toBe('1:00');
    expect(formatDuration(3_725_000, calls)).toBe('62:05');
    expect(formatDuration(60_000 * 1_234, calls)).toBe('1,234:00');
  });

  it('shows nothing for a missing duration', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(Number.NaN, { tenths: false })).toBe('');
  });
});

describe('dates', () => {
  it('formats as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 7, 8, 9))).toBe('2024-01-05 07:08:09');
    expect(formatDateTime(new Date(2024, 11, 31, 23, 59, 59).getTime())).toBe('2024-12-31 23:59:59');
  });

  it('shows nothing for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('ellipsis', () => {
  it('cuts at 25 characters by default', () => {
    const text = 'abcdefghijklmnopqrstuvwxyz';
    expect(ellipsis(text)).toBe(`${text.slice(0, 25)}…`);
    expect(ellipsis(text.slice(0, 25))).toBe(text.slice(0, 25));
    expect(ellipsis('hello', 3)).toBe('hel…');
    expect(ellipsis(null)).toBe('');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(ellipsis('短信😀语音', 3)).toBe('短信😀…');
  });
});
