import { parseMoney } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import {
  amountOf,
  applyPercent,
  belowParent,
  billedSeconds,
  operatorOf,
  parseNumber,
  pickRate,
  type RateLike,
} from '../src/modules/rate/resolve';

const m = (text: string) => parseMoney(text)!;
let n = 0;
const rate = (r: Omit<Partial<RateLike>, 'price'> & { countryCode: string; price: string }): RateLike => ({
  id: `r${++n}`,
  smsKind: 'otp',
  mcc: null,
  mnc: null,
  prefix: null,
  connectionFee: 0n,
  billingInitial: 1,
  billingIncrement: 1,
  ...r,
  price: m(r.price),
});

const OPERATORS = [
  { countryCode: 'CN', mcc: '460', mnc: '00', name: 'China Mobile', prefixes: ['86138', '86139'] },
  { countryCode: 'CN', mcc: '460', mnc: '01', name: 'China Unicom', prefixes: ['86130', '861301'] },
  { countryCode: 'GB', mcc: '234', mnc: '30', name: 'EE', prefixes: ['4478'] },
];

const GROUP = [
  rate({ countryCode: 'CN', price: '0.0400' }),
  rate({ countryCode: 'CN', prefix: '86170', price: '0.0600' }),
  rate({ countryCode: 'CN', prefix: '861700', price: '0.0700' }),
  rate({ countryCode: 'CN', mcc: '460', price: '0.0450' }),
  rate({ countryCode: 'CN', mcc: '460', mnc: '01', price: '0.0420' }),
  rate({ countryCode: 'CN', smsKind: 'marketing', price: '0.0500' }),
  rate({ countryCode: 'GB', mcc: '234', mnc: '30', price: '0.0300' }),
  rate({ countryCode: 'US', price: '0.0080' }),
];

describe('parseNumber', () => {
  it.each([
    ['+8613800138000', { digits: '8613800138000', countryCode: 'CN' }],
    ['8613800138000', { digits: '8613800138000', countryCode: 'CN' }],
    ['008613800138000', { digits: '8613800138000', countryCode: 'CN' }],
    ['+1 (415) 555-2671', { digits: '14155552671', countryCode: 'US' }],
    ['+44 7400 123456', { digits: '447400123456', countryCode: 'GB' }],
    ['+44 7911 123456', { digits: '447911123456', countryCode: 'GG' }],
    ['+919812345678', { digits: '919812345678', countryCode: 'IN' }],
    ['+6281234567890', { digits: '6281234567890', countryCode: 'ID' }],
    ['+5511987654321', { digits: '5511987654321', countryCode: 'BR' }],
  ])('%s', (text, expected) => {
    expect(parseNumber(text)).toMatchObject(expected);
  });

  it.each(['', 'abc', '+', '+999123456', '12', '+86 138 0013 8000 1234 5678', '+86\u0000138'])(
    'refuses %j',
    (text) => {
      expect(parseNumber(text)).toBeUndefined();
    },
  );
});

describe('operatorOf', () => {
  it.each([
    ['8613800138000', 'CN', 'China Mobile'],
    ['8613012345678', 'CN', 'China Unicom'],
    ['8613011111111', 'CN', 'China Unicom'],
    ['8617000000000', 'CN', undefined],
    ['447811123456', 'GB', 'EE'],
    ['447811123456', 'CN', undefined],
  ])('%s in %s -> %s', (digits, country, name) => {
    expect(operatorOf(digits, country, OPERATORS)?.name).toBe(name);
  });
});

describe('pickRate: prefix (longest), then operator (network, then MCC), then country', () => {
  const cases: [string, string, string | null, string | undefined, string | undefined][] = [
    // number, kind, (mcc/mnc of its operator), expected price, matched by
    ['8617000000000', 'otp', null, '0.070000', 'prefix'],
    ['8617010000000', 'otp', null, '0.060000', 'prefix'],
    ['8613012345678', 'otp', '460/01', '0.042000', 'operator'],
    ['8613800138000', 'otp', '460/00', '0.045000', 'operator'],
    ['8615000000000', 'otp', null, '0.040000', 'country'],
    ['8613800138000', 'marketing', '460/00', '0.050000', 'country'],
    ['447811123456', 'otp', '234/30', '0.030000', 'operator'],
    ['447911123456', 'otp', null, undefined, undefined],
    ['14155552671', 'otp', null, '0.008000', 'country'],
    ['14155552671', 'notification', null, undefined, undefined],
    ['919812345678', 'otp', null, undefined, undefined],
  ];
  it.each(cases)('%s %s (%s) -> %s by %s', (digits, kind, op, price, matchedBy) => {
    const parsed = parseNumber(digits)!;
    const [mcc, mnc] = op ? op.split('/') : [];
    const found = pickRate(GROUP, {
      countryCode: parsed.countryCode,
      smsKind: kind as RateLike['smsKind'],
      digits,
      operator: mcc ? { mcc, mnc: mnc ?? null } : null,
    });
    expect(found && { price: found.rate.price, matchedBy: found.matchedBy }).toEqual(
      price === undefined ? undefined : { price: m(price), matchedBy },
    );
  });

  it('a prefix of another country never matches', () => {
    const found = pickRate([rate({ countryCode: 'US', prefix: '1', price: '1' })], {
      countryCode: 'CA',
      smsKind: 'otp',
      digits: '14165550000',
    });
    expect(found).toBeUndefined();
  });
});

describe('amounts', () => {
  it('SMS and ND: price × parts, exactly', () => {
    expect(amountOf(rate({ countryCode: 'CN', price: '0.000001' }), false, 3)).toBe(3n);
    expect(amountOf(rate({ countryCode: 'CN', price: '0.0035' }), false, 7)).toBe(m('0.0245'));
    expect(amountOf(rate({ countryCode: 'CN', price: '0.1' }), false, 0)).toBe(0n);
  });

  it.each([
    [0, 60, 60, 0],
    [1, 60, 60, 60],
    [60, 60, 60, 60],
    [61, 60, 60, 120],
    [61, 6, 6, 66],
    [61, 1, 1, 61],
    [7, 30, 6, 30],
    [31, 30, 6, 36],
  ])('billed seconds of %is at %i/%i: %i', (secs, initial, inc, billed) => {
    expect(billedSeconds(secs, initial, inc)).toBe(billed);
  });

  it('voice: connection fee plus per-minute price of the billed seconds, half away from zero', () => {
    const r = rate({
      countryCode: 'GB',
      smsKind: null,
      price: '0.0150',
      connectionFee: m('0.0010'),
      billingInitial: 6,
      billingIncrement: 6,
    });
    // 61 s -> 66 s billed: 0.015 * 66 / 60 = 0.0165 + 0.001
    expect(amountOf(r, true, 61)).toBe(m('0.0175'));
    expect(amountOf(r, true, 0)).toBe(0n);
    // 0.000001/min for 30 s = 0.0000005 -> rounds half away from zero to 0.000001
    const tiny = rate({
      countryCode: 'GB',
      smsKind: null,
      price: '0.000001',
      billingInitial: 1,
      billingIncrement: 1,
    });
    expect(amountOf(tiny, true, 30)).toBe(1n);
    expect(amountOf(tiny, true, 29)).toBe(0n);
  });
});

describe('applyPercent: six decimals, half away from zero', () => {
  it.each([
    ['0.040000', '10', '0.044000'],
    ['0.040000', '-10', '0.036000'],
    ['0.000005', '10', '0.000006'], // 0.0000055 -> up
    ['0.000015', '-10', '0.000014'], // 0.0000135 -> 0.000014
    ['0.000001', '50', '0.000002'], // 0.0000015 -> 0.000002
    ['0.000001', '49.9999', '0.000001'],
    ['0.123456', '0.0001', '0.123456'],
    ['1.000000', '1000', '11.000000'],
    ['0.300000', '-99.9999', '0.000000'],
    ['0.035000', '3.5', '0.036225'],
  ])('%s %s%% -> %s', (price, percent, expected) => {
    expect(applyPercent(m(price), percent)).toBe(m(expected));
  });

  it('refuses what is not a percent', () => {
    expect(() => applyPercent(1n, '1e3')).toThrow(RangeError);
  });
});

describe('belowParent: a customer is never priced below its reseller', () => {
  const none = () => undefined;
  it('names the child row below the parent’s price for the same destination', () => {
    const parent = [
      rate({ countryCode: 'CN', price: '0.0300' }),
      rate({ countryCode: 'US', price: '0.0070' }),
    ];
    const okRow = rate({ countryCode: 'CN', price: '0.0300' });
    const low = rate({ countryCode: 'US', price: '0.0069' });
    const found = belowParent([okRow, low], parent, none);
    expect(found.map((f) => f.child.id)).toEqual([low.id]);
  });

  it('a parent prefix above the child’s country price makes the country row offend', () => {
    const parent = [
      rate({ countryCode: 'CN', price: '0.0300' }),
      rate({ countryCode: 'CN', prefix: '86170', price: '0.0500' }),
    ];
    const child = [rate({ countryCode: 'CN', price: '0.0400' })];
    expect(belowParent(child, parent, none).map((f) => f.parent.prefix)).toEqual(['86170']);
    // A child prefix row at or above the parent's fixes it.
    const fixed = [...child, rate({ countryCode: 'CN', prefix: '86170', price: '0.0500' })];
    expect(belowParent(fixed, parent, none)).toEqual([]);
  });

  it('compares operators through the prefix table, and ignores destinations the parent does not price', () => {
    const parent = [rate({ countryCode: 'CN', mcc: '460', mnc: '00', price: '0.0450' })];
    const child = [
      rate({ countryCode: 'CN', prefix: '86138', price: '0.0440' }),
      rate({ countryCode: 'GB', price: '0.0001' }),
    ];
    const found = belowParent(child, parent, (digits, country) => operatorOf(digits, country, OPERATORS));
    expect(found.map((f) => f.child.prefix)).toEqual(['86138']);
  });

  it('kinds are separate price lists', () => {
    const parent = [rate({ countryCode: 'CN', smsKind: 'marketing', price: '0.05' })];
    const child = [rate({ countryCode: 'CN', smsKind: 'otp', price: '0.01' })];
    expect(belowParent(child, parent, none)).toEqual([]);
  });
});
