import { applyCallerIdRule, pickCaller } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { decideVoiceRoute, type VoiceRouteRule } from '../src/modules/trunk';

/** The pure rules of voice routing, trunk caller-ID rules and caller rotations (issue 23). */

const route = (over: Partial<VoiceRouteRule>): VoiceRouteRule => ({
  id: over.name ?? 'r',
  name: 'r',
  companyId: null,
  countryCode: null,
  prefix: null,
  enabled: true,
  sortOrder: 100,
  trunkIds: ['t1'],
  ...over,
});
const q = { companyId: 'c1', number: '447400123456', countryCode: 'GB' };
const all = () => true;
const none = () => false;

describe('decideVoiceRoute', () => {
  it('takes the first matching route by sort order, then as listed', () => {
    const routes = [
      route({ name: 'wide', sortOrder: 100, trunkIds: ['w'] }),
      route({ name: 'uk', sortOrder: 10, countryCode: 'GB', trunkIds: ['u'] }),
      route({ name: 'uk2', sortOrder: 10, countryCode: 'GB', trunkIds: ['u2'] }),
    ];
    expect(decideVoiceRoute(routes, q, all, none)?.route.name).toBe('uk');
    expect(
      decideVoiceRoute(routes, { ...q, countryCode: 'FR', number: '33612345678' }, all, none)?.route.name,
    ).toBe('wide');
  });

  it('matches company, country and prefix; skips disabled routes', () => {
    const cases: [Partial<VoiceRouteRule>, boolean][] = [
      [{ companyId: 'c1' }, true],
      [{ companyId: 'c2' }, false],
      [{ countryCode: 'GB' }, true],
      [{ countryCode: 'FR' }, false],
      [{ prefix: '4474' }, true],
      [{ prefix: '4475' }, false],
      [{ enabled: false }, false],
    ];
    for (const [over, matches] of cases)
      expect(decideVoiceRoute([route(over)], q, all, none) !== undefined, JSON.stringify(over)).toBe(matches);
  });

  it('keeps the failover order, leaves unusable trunks out and tries trunks that are down last', () => {
    const r = route({ trunkIds: ['a', 'b', 'c', 'd'] });
    expect(decideVoiceRoute([r], q, all, none)?.trunkIds).toEqual(['a', 'b', 'c', 'd']);
    expect(decideVoiceRoute([r], q, (id) => id !== 'b', none)?.trunkIds).toEqual(['a', 'c', 'd']);
    expect(decideVoiceRoute([r], q, all, (id) => id === 'a' || id === 'c')?.trunkIds).toEqual([
      'b',
      'd',
      'a',
      'c',
    ]);
  });

  it('passes over a route with no usable trunk to a later one', () => {
    const routes = [
      route({ name: 'first', sortOrder: 1, trunkIds: ['off'] }),
      route({ name: 'second', trunkIds: ['on'] }),
    ];
    expect(decideVoiceRoute(routes, q, (id) => id === 'on', none)?.route.name).toBe('second');
    expect(decideVoiceRoute(routes, q, none, none)).toBeUndefined();
  });
});

describe('applyCallerIdRule', () => {
  const settings = { fixedCallerId: '4420700000009', stripPrefix: '00' };
  it.each([
    ['pass', '0086138', '0086138'],
    ['fixed', '0086138', '4420700000009'],
    ['strip_prefix', '0086138', '86138'],
    ['strip_prefix', '86138', '86138'],
    ['group', '0086138', '4420700000001'],
  ] as const)('%s turns %s into %s', (rule, from, to) => {
    expect(applyCallerIdRule(rule, from, { ...settings, groupCallerId: '4420700000001' })).toBe(to);
  });
  it('keeps the caller ID when a group gives none', () => {
    expect(applyCallerIdRule('group', '123', { fixedCallerId: null, stripPrefix: null })).toBe('123');
  });
});

describe('pickCaller', () => {
  it('rotates round robin by position and draws at random in range', () => {
    const members = ['a', 'b', 'c'];
    expect([0, 1, 2, 3, 4].map((p) => pickCaller(members, 'round_robin', p, Math.random))).toEqual([
      'a',
      'b',
      'c',
      'a',
      'b',
    ]);
    expect(pickCaller(members, 'random', 0, () => 0)).toBe('a');
    expect(pickCaller(members, 'random', 0, () => 0.999999)).toBe('c');
    expect(pickCaller([], 'round_robin', 0, Math.random)).toBeUndefined();
  });
});
