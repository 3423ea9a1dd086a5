import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  balanceAdjustSchema,
  describeIssues,
  formatMoney,
  MONEY_LIMIT,
  money,
  parseMoney,
  positiveMoney,
  roundMoney,
  units,
} from '../src/index';

describe('parseMoney', () => {
  it.each([
    ['0', 0n],
    ['12', 12_000_000n],
    ['12.5', 12_500_000n],
    ['0.0035', 3_500n],
    ['0.000001', 1n],
    ['-0.000001', -1n],
    ['-3.25', -3_250_000n],
    ['120.00', 120_000_000n],
    ['007.10', 7_100_000n],
    ['999999999999.999999', 999_999_999_999_999_999n],
  ])('%s is %s micro-units', (text, micros) => {
    expect(parseMoney(text)).toBe(micros);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '+1',
    '1e3',
    '1E-2',
    '.5',
    '5.',
    '1,5',
    '1.0000001',
    '--1',
    '0x10',
    'NaN',
    'Infinity',
    '١٢',
    '1234567890123456789',
  ])('%j is not an amount', (text) => {
    expect(parseMoney(text)).toBeUndefined();
  });
});

describe('formatMoney and roundMoney', () => {
  it('writes six decimals exactly, signs and zero included', () => {
    expect(formatMoney(0n)).toBe('0.000000');
    expect(formatMoney(3_500n)).toBe('0.003500');
    expect(formatMoney(-1n)).toBe('-0.000001');
    expect(formatMoney(120_000_000n)).toBe('120.000000');
    expect(formatMoney(MONEY_LIMIT - 1n)).toBe('999999999999.999999');
  });

  it('rounds half away from zero for display, never for storage', () => {
    expect(formatMoney(2_345n, 2)).toBe('0.00');
    expect(formatMoney(5_000n, 2)).toBe('0.01');
    expect(formatMoney(4_999n, 2)).toBe('0.00');
    expect(formatMoney(-5_000n, 2)).toBe('-0.01');
    expect(formatMoney(-4_999n, 2)).toBe('0.00');
    expect(formatMoney(119_996_500n, 2)).toBe('120.00');
    expect(formatMoney(1_999_999n, 0)).toBe('2');
    expect(roundMoney(123_456n, 6)).toBe(123_456n);
    expect(() => roundMoney(1n, 7)).toThrow(RangeError);
  });

  it('round-trips every amount it writes', () => {
    for (const micros of [
      0n,
      1n,
      -1n,
      999_999n,
      1_000_000n,
      -123_456_789n,
      MONEY_LIMIT - 1n,
      -(MONEY_LIMIT - 1n),
    ]) {
      expect(parseMoney(formatMoney(micros))).toBe(micros);
    }
  });

  it('adds what floats cannot: 0.1 + 0.2 is 0.3, a million charges of 0.000001 are 1', () => {
    expect(formatMoney(parseMoney('0.1')! + parseMoney('0.2')!)).toBe('0.300000');
    // Parsed once and added a million times (parsing a million strings took over 5 s at load 26).
    const micro = parseMoney('0.000001')!;
    let total = 0n;
    for (let i = 0; i < 1_000_000; i++) total += micro;
    expect(total).toBe(units(1));
    // 3 messages at 0.0035 cost exactly 0.0105.
    expect(formatMoney(3n * parseMoney('0.0035')!)).toBe('0.010500');
  });
});

describe('the money schemas', () => {
  const messages = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) return undefined;
    return {
      en: describeIssues(result.error.issues, 'en-US')[0]?.message,
      zh: describeIssues(result.error.issues, 'zh-CN')[0]?.message,
    };
  };

  it('decode decimal strings into micro-units and encode them back as six-decimal strings', () => {
    expect(money.parse('-12.5')).toBe(-12_500_000n);
    expect(z.encode(money, 3_500n)).toBe('0.003500');
  });

  it('refuse numbers, exponents and more than six decimals in both languages', () => {
    expect(messages(money, 12.5)).toEqual({ en: 'body has the wrong type', zh: 'body类型错误' });
    expect(messages(money, '1e3')).toEqual({
      en: 'body must be an amount such as 12.50',
      zh: 'body必须是金额，例如 12.50',
    });
    expect(messages(money, '0.0000001')).toEqual({
      en: 'body may have at most 6 decimal places',
      zh: 'body最多6位小数',
    });
    expect(messages(money, '1000000000000')).toEqual({
      en: 'body must be an amount such as 12.50',
      zh: 'body必须是金额，例如 12.50',
    });
  });

  it('want moving amounts above zero and at most a billion', () => {
    expect(messages(positiveMoney, '0')).toEqual({ en: 'body must be greater than 0', zh: 'body必须大于0' });
    expect(messages(positiveMoney, '-1')).toEqual({ en: 'body must be greater than 0', zh: 'body必须大于0' });
    expect(messages(positiveMoney, '1000000000.000001')).toEqual({
      en: 'body must be at most 1000000000',
      zh: 'body不能超过1000000000',
    });
    expect(positiveMoney.parse('1000000000')).toBe(units(1_000_000_000));
  });

  it('name the field of an adjustment', () => {
    const result = balanceAdjustSchema.safeParse({
      companyId: '00000000-0000-4000-8000-000000000000',
      direction: 'credit',
      amount: '1.2345678',
      reason: 'x',
      idempotencyKey: 'k1',
    });
    expect(result.success).toBe(false);
    expect(describeIssues(result.error!.issues, 'en-US')).toEqual([
      { field: 'amount', message: 'amount may have at most 6 decimal places' },
    ]);
  });
});
