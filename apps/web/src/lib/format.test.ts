import { describe, expect, it } from 'vitest';
import { ellipsis, formatDateTime, formatDuration, formatMoney, formatNumber, formatRate } from './format';

describe('numbers', () => {
  it('uses thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-9876543.5)).toBe('-9,876,543.5');
    expect(formatNumber('50000')).toBe('50,000');
    expect(formatNumber(1234.5678, 2)).toBe('1,234.57');
  });

  it('shows nothing for missing or invalid numbers', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('money', () => {
  it('shows amounts with two decimals, thousands separators and the currency', () => {
    expect(formatMoney('1210.518000', 'USD')).toBe('1,210.52 USD');
    expect(formatMoney('1210.518', 'USD')).toBe('1,210.52 USD');
    expect(formatMoney('100', 'USD')).toBe('100.00 USD');
    expect(formatMoney('123.45', 'CNY')).toBe('123.45 CNY');
    expect(formatMoney(49999.999, 'USD')).toBe('50,000.00 USD');
    expect(formatMoney('-1234567.005', 'USD')).toBe('-1,234,567.01 USD');
    expect(formatMoney('0', 'USD')).toBe('0.00 USD');
    expect(formatMoney('94.958775', 'USD')).toBe('94.96 USD');
  });

  it('keeps the decimals of an amount too small to show as anything but zero', () => {
    expect(formatMoney('-0.003000', 'USD')).toBe('-0.003 USD');
    expect(formatMoney('0.004500', 'USD')).toBe('0.0045 USD');
    // Half a cent rounds up to a cent: it shows as one.
    expect(formatMoney('-0.005', 'USD')).toBe('-0.01 USD');
    expect(formatMoney('-0.083', 'USD')).toBe('-0.08 USD');
  });

  it('shows unit prices and costs with two to six decimals, trailing zeros trimmed', () => {
    expect(formatMoney('0.053350', 'USD', 'price')).toBe('0.05335 USD');
    expect(formatMoney('0.040000', 'USD', 'price')).toBe('0.04 USD');
    expect(formatMoney('0.003500', 'USD', 'price')).toBe('0.0035 USD');
    expect(formatMoney('1', 'USD', 'price')).toBe('1.00 USD');
    expect(formatMoney('1234.000001', 'USD', 'price')).toBe('1,234.000001 USD');
    expect(formatMoney(0.1 + 0.2, 'USD', 'price')).toBe('0.30 USD');
  });

  it('is exact where a float is not', () => {
    expect(formatMoney('999999999999.994999', 'USD')).toBe('999,999,999,999.99 USD');
    expect(formatMoney('999999999999.999999', 'USD', 'price')).toBe('999,999,999,999.999999 USD');
  });

  it('shows nothing for missing or invalid money, and the number alone without a currency', () => {
    expect(formatMoney(null, 'USD')).toBe('');
    expect(formatMoney(undefined, 'USD')).toBe('');
    expect(formatMoney('', 'USD')).toBe('');
    expect(formatMoney('abc', 'USD')).toBe('');
    expect(formatMoney(Number.NaN, 'USD')).toBe('');
    expect(formatMoney('12.5', '')).toBe('12.50');
  });

  it('is the same in both languages (no locale is asked)', async () => {
    const { changeLocale } = await import('./i18n');
    await changeLocale('zh-CN');
    try {
      expect(formatMoney('1210.518', 'USD')).toBe('1,210.52 USD');
    } finally {
      await changeLocale('en-US');
    }
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
