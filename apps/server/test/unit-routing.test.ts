import { parseGatewayCell, routeInputSchema } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import {
  allowedGateways,
  decide,
  gatewayOrder,
  inWindow,
  minuteOf,
  type RouteQuery,
  type RouteRule,
  routeMatches,
  seededRandom,
} from '../src/modules/routing/match';

/** The rules of routing: matching and its order, kinds, premium OTP, time windows, draws, grants. */

let n = 0;
const route = (over: Partial<RouteRule>): RouteRule => ({
  id: `r${++n}`,
  name: over.name ?? `route ${n}`,
  companyId: null,
  smsKind: null,
  countryCode: null,
  mcc: null,
  mnc: null,
  prefix: null,
  startMinute: null,
  endMinute: null,
  enabled: true,
  sortOrder: 100,
  strategy: 'priority',
  gateways: [{ gatewayId: 'g1', weight: 1 }],
  ...over,
});

const NOON = new Date('2026-01-05T12:00:00Z');
const q = (over: Partial<RouteQuery> = {}): RouteQuery => ({
  companyId: 'c1',
  kind: 'marketing',
  number: '8613800138000',
  countryCode: 'CN',
  mcc: '460',
  mnc: '00',
  at: NOON,
  ...over,
});
const all = () => true;
const first = () => 0;

describe('routeMatches', () => {
  it.each([
    ['every matcher empty', {}, {}, true],
    ['disabled', { enabled: false }, {}, false],
    ['company: its own', { companyId: 'c1' }, {}, true],
    ['company: another', { companyId: 'c2' }, {}, false],
    ['kind: same', { smsKind: 'marketing' }, {}, true],
    ['kind: another', { smsKind: 'otp' }, {}, false],
    ['country: same', { countryCode: 'CN' }, {}, true],
    ['country: another', { countryCode: 'US' }, {}, false],
    ['operator: the MCC, any network', { mcc: '460' }, {}, true],
    ['operator: exact network', { mcc: '460', mnc: '00' }, {}, true],
    ['operator: another network', { mcc: '460', mnc: '01' }, {}, false],
    ['operator: unknown operator of the number', { mcc: '460' }, { mcc: null, mnc: null }, false],
    ['prefix: the number starts with it', { prefix: '86138' }, {}, true],
    ['prefix: another range', { prefix: '86139' }, {}, false],
    ['prefix and operator both hold', { prefix: '8613', mcc: '460', mnc: '00' }, {}, true],
    ['prefix holds, operator not', { prefix: '8613', mcc: '460', mnc: '11' }, {}, false],
  ] as [string, Partial<RouteRule>, Partial<RouteQuery>, boolean][])('%s', (_label, r, msg, expected) => {
    expect(routeMatches(route(r), q(msg))).toBe(expected);
  });

  it('premium OTP only ever matches premium OTP routes; other kinds never match them', () => {
    const anyKind = route({});
    const premium = route({ smsKind: 'premium_otp' });
    const otp = route({ smsKind: 'otp' });
    expect(routeMatches(anyKind, q({ kind: 'premium_otp' }))).toBe(false);
    expect(routeMatches(otp, q({ kind: 'premium_otp' }))).toBe(false);
    expect(routeMatches(premium, q({ kind: 'premium_otp' }))).toBe(true);
    for (const kind of ['marketing', 'notification', 'otp'] as const) {
      expect(routeMatches(premium, q({ kind })), kind).toBe(false);
      expect(routeMatches(anyKind, q({ kind })), kind).toBe(true);
    }
  });
});

describe('time windows (UTC)', () => {
  const at = (hhmm: string) => new Date(`2026-01-05T${hhmm}:00Z`);
  it.each([
    ['09:00', '17:00', '09:00', true],
    ['09:00', '17:00', '16:59', true],
    ['09:00', '17:00', '17:00', false],
    ['09:00', '17:00', '08:59', false],
    // Across midnight.
    ['22:00', '06:00', '22:00', true],
    ['22:00', '06:00', '23:59', true],
    ['22:00', '06:00', '00:00', true],
    ['22:00', '06:00', '05:59', true],
    ['22:00', '06:00', '06:00', false],
    ['22:00', '06:00', '12:00', false],
  ])('%s-%s at %s: %s', (start, end, time, expected) => {
    expect(inWindow(minuteOf(start), minuteOf(end), at(time))).toBe(expected);
  });
  it('no window: all day', () => expect(inWindow(null, null, at('03:00'))).toBe(true));
  it('a route outside its window gives way to the next', () => {
    const night = route({
      name: 'night',
      sortOrder: 1,
      startMinute: minuteOf('22:00'),
      endMinute: minuteOf('06:00'),
    });
    const day = route({ name: 'day', sortOrder: 2, gateways: [{ gatewayId: 'g2', weight: 1 }] });
    expect(decide([night, day], q({ at: at('23:00') }), all, first)?.route.name).toBe('night');
    expect(decide([night, day], q({ at: at('12:00') }), all, first)?.route.name).toBe('day');
  });
});

describe('decide: the first match in sort order wins', () => {
  it('orders by sortOrder, then as listed; prefix, operator and country routes are as specific as their order says', () => {
    const country = route({ name: 'country', countryCode: 'CN', sortOrder: 30 });
    const operator = route({ name: 'operator', mcc: '460', mnc: '00', sortOrder: 20 });
    const prefix = route({ name: 'prefix', prefix: '86138', sortOrder: 10 });
    const routes = [country, operator, prefix];
    expect(decide(routes, q(), all, first)?.route.name).toBe('prefix');
    expect(decide(routes, q({ number: '8613900000000' }), all, first)?.route.name).toBe('operator');
    expect(decide(routes, q({ number: '8613000000000', mnc: '01' }), all, first)?.route.name).toBe('country');
    expect(
      decide(routes, q({ countryCode: 'US', number: '14155552671', mcc: null, mnc: null }), all, first),
    ).toBe(undefined);
    // Same sort order: the one listed first.
    const a = route({ name: 'a', sortOrder: 5 });
    const b = route({ name: 'b', sortOrder: 5 });
    expect(decide([a, b], q(), all, first)?.route.name).toBe('a');
    expect(decide([b, a], q(), all, first)?.route.name).toBe('b');
  });

  it('keeps the priority order of gateways, leaving out those the company may not use', () => {
    const r = route({
      gateways: [
        { gatewayId: 'g1', weight: 1 },
        { gatewayId: 'g2', weight: 1 },
        { gatewayId: 'g3', weight: 1 },
      ],
    });
    expect(decide([r], q(), all, first)?.gatewayIds).toEqual(['g1', 'g2', 'g3']);
    expect(decide([r], q(), (g) => g !== 'g1', first)?.gatewayIds).toEqual(['g2', 'g3']);
  });

  it('passes over a route none of whose gateways the company may use', () => {
    const narrow = route({ name: 'narrow', sortOrder: 1, gateways: [{ gatewayId: 'g1', weight: 1 }] });
    const wide = route({ name: 'wide', sortOrder: 2, gateways: [{ gatewayId: 'g2', weight: 1 }] });
    expect(decide([narrow, wide], q(), (g) => g === 'g2', first)?.route.name).toBe('wide');
    expect(decide([narrow, wide], q(), () => false, first)).toBe(undefined);
  });
});

describe('weighted draw', () => {
  const gws = [
    { gatewayId: 'a', weight: 1 },
    { gatewayId: 'b', weight: 3 },
    { gatewayId: 'c', weight: 0 },
  ];
  it('picks the first by weight, the rest follow heaviest first', () => {
    expect(gatewayOrder('weighted', gws, all, () => 0)).toEqual(['a', 'b', 'c']);
    expect(gatewayOrder('weighted', gws, all, () => 0.24)).toEqual(['a', 'b', 'c']);
    expect(gatewayOrder('weighted', gws, all, () => 0.25)).toEqual(['b', 'a', 'c']);
    expect(gatewayOrder('weighted', gws, all, () => 0.999)).toEqual(['b', 'a', 'c']);
  });
  it('draws in proportion to the weights (seeded random), never a gateway of weight 0 first', () => {
    const random = seededRandom(42);
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++) counts[gatewayOrder('weighted', gws, all, random)[0]!]! += 1;
    expect(counts.c).toBe(0);
    expect(counts.a! / 10_000).toBeGreaterThan(0.22);
    expect(counts.a! / 10_000).toBeLessThan(0.28);
    // The same seed draws the same sequence.
    const again = seededRandom(42);
    const r2 = seededRandom(42);
    expect(Array.from({ length: 5 }, () => again())).toEqual(Array.from({ length: 5 }, () => r2()));
  });
  it('draws among the usable gateways only', () => {
    expect(
      gatewayOrder(
        'weighted',
        gws,
        (g) => g !== 'b',
        () => 0.9,
      ),
    ).toEqual(['a', 'c']);
  });
  it('priority ignores weights', () => {
    expect(gatewayOrder('priority', gws, all, () => 0.9)).toEqual(['a', 'b', 'c']);
  });
});

describe('allowedGateways: grants and resellers’ choices narrow down the chain', () => {
  it.each([
    ['a direct customer of the platform: no limit', [{ companyId: 'c', granted: [], chosen: [] }], undefined],
    [
      'a reseller’s customer, nothing chosen: the reseller’s grants',
      [
        { companyId: 'r', granted: ['g1', 'g2'], chosen: [] },
        { companyId: 'c', granted: [], chosen: [] },
      ],
      ['g1', 'g2'],
    ],
    [
      'a reseller’s customer with a choice',
      [
        { companyId: 'r', granted: ['g1', 'g2'], chosen: [] },
        { companyId: 'c', granted: [], chosen: ['g2'] },
      ],
      ['g2'],
    ],
    [
      'a stale choice outside the grants: nothing',
      [
        { companyId: 'r', granted: ['g1'], chosen: [] },
        { companyId: 'c', granted: [], chosen: ['g2'] },
      ],
      [],
    ],
    [
      'distributor → agent → customer: each level narrows',
      [
        { companyId: 'd', granted: ['g1', 'g2', 'g3'], chosen: [] },
        { companyId: 'a', granted: [], chosen: ['g1', 'g2'] },
        { companyId: 'c', granted: [], chosen: ['g2', 'g3'] },
      ],
      ['g2'],
    ],
    [
      'a reseller granted nothing: no limit from it',
      [
        { companyId: 'r', granted: [], chosen: [] },
        { companyId: 'c', granted: [], chosen: ['g3'] },
      ],
      ['g3'],
    ],
  ] as [string, { companyId: string; granted: string[]; chosen: string[] }[], string[] | undefined][])(
    '%s',
    (_label, chain, expected) => {
      const got = allowedGateways(chain);
      expect(got === undefined ? undefined : [...got].sort()).toEqual(expected);
    },
  );
});

describe('route input and the gateways cell', () => {
  const base = { name: 'r', gateways: [{ gatewayId: '00000000-0000-4000-8000-000000000001' }] };
  const codes = (body: unknown) => {
    const r = routeInputSchema.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('refuses a half window, an empty one, an MNC alone, a gateway twice, all weights 0', () => {
    expect(codes(base)).toEqual([]);
    expect(codes({ ...base, startTime: '22:00' })).toEqual(['ROUTE_WINDOW_INCOMPLETE']);
    expect(codes({ ...base, startTime: '22:00', endTime: '22:00' })).toEqual(['ROUTE_WINDOW_EMPTY']);
    expect(codes({ ...base, startTime: '24:00', endTime: '01:00' })).toEqual(['FIELD_INVALID']);
    expect(codes({ ...base, mnc: '01' })).toEqual(['ROUTE_MNC_WITHOUT_MCC']);
    expect(codes({ ...base, gateways: [...base.gateways, ...base.gateways] })).toEqual([
      'ROUTE_GATEWAY_DUPLICATE',
    ]);
    expect(codes({ ...base, strategy: 'weighted', gateways: [{ ...base.gateways[0], weight: 0 }] })).toEqual([
      'ROUTE_WEIGHTS_ZERO',
    ]);
    expect(codes({ ...base, gateways: [] })).toEqual(['ROUTE_GATEWAYS_REQUIRED']);
  });
  it('reads names with optional weights', () => {
    expect(parseGatewayCell('alpha:3, beta ; gamma*2')).toEqual([
      { name: 'alpha', weight: 3 },
      { name: 'beta', weight: 1 },
      { name: 'gamma', weight: 2 },
    ]);
    expect(parseGatewayCell('alpha:5000')).toBe(undefined);
  });
});
