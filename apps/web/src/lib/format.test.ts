import { describe, expect, it } from 'vitest';
import { ellipsis, formatDateTime, formatMoney, formatNumber } from './format';

describe('numbers', () => {
  it('uses thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-9876543.5)).toBe('-9,876,543.5');
    expect(formatNumber('50000')).toBe('50,000');
    expect(formatNumber(1234.5678, 2)).toBe('1,234.57');
    expect(formatMoney(50)).toBe('50.00');
    expect(formatMoney(49999.999)).toBe('50,000.00');
  });

  it('shows nothing for missing or invalid numbers', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
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
