import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { captchaRequired, counterKeys, failureDelayMs, pauseMs } from '../src/modules/auth/login-guard';
import { ConfigError, loadConfig } from '../src/platform/config';
import { ipAllowed, isValidIpRule } from '../src/platform/ip-rules';
import {
  DEFAULT_PASSWORD_HASH_COST,
  hashPassword,
  passwordHashCost,
  setPasswordHashCost,
  unmatchableHash,
  verifyPassword,
} from '../src/platform/passwords';

describe('login IP whitelist', () => {
  it('allows any address when empty', () => {
    expect(ipAllowed('203.0.113.9', [])).toBe(true);
  });
  it.each([
    ['10.1.2.3', ['10.0.0.0/8'], true],
    ['11.1.2.3', ['10.0.0.0/8'], false],
    ['::ffff:10.1.2.3', ['10.0.0.0/8'], true],
    ['127.0.0.1', ['127.0.0.1'], true],
    ['2001:db8::1', ['2001:db8::/32'], true],
    ['2001:db9::1', ['2001:db8::/32'], false],
    ['10.1.2.3', ['2001:db8::/32'], false],
    ['not-an-ip', ['10.0.0.0/8'], false],
  ])('%s in %j → %s', (ip, rules, expected) => {
    expect(ipAllowed(ip, rules)).toBe(expected);
  });
  it('validates rules', () => {
    expect(isValidIpRule('192.168.0.0/16')).toBe(true);
    expect(isValidIpRule('::1')).toBe(true);
    expect(isValidIpRule('192.168.0.0/33')).toBe(false);
    expect(isValidIpRule("1.2.3.4' OR 1=1")).toBe(false);
  });
});

describe('login guard', () => {
  const none = { pair: 0, address: 0, account: 0 };
  it('asks for a captcha after three failures by pair, address or account', () => {
    expect(captchaRequired('after-failures', { pair: 2, address: 2, account: 2 })).toBe(false);
    expect(captchaRequired('after-failures', { ...none, pair: 3 })).toBe(true);
    expect(captchaRequired('after-failures', { ...none, address: 3 })).toBe(true);
    expect(captchaRequired('after-failures', { ...none, account: 3 })).toBe(true);
    expect(captchaRequired('always', none)).toBe(true);
    expect(captchaRequired('off', { pair: 50, address: 50, account: 50 })).toBe(false);
  });
  it('slows down, then pauses a pair or address for twice as long each time (a day at most)', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(failureDelayMs)).toEqual([0, 0, 0, 500, 1000, 2000, 2000]);
    expect([0, 1, 2, 3].map((n) => pauseMs(n) / 60_000)).toEqual([15, 30, 60, 120]);
    expect(pauseMs(40)).toBe(24 * 60 * 60_000);
  });
  it('counts per account and address pair, per address and per account', () => {
    expect(counterKeys('ann', '10.0.0.1')).toEqual({
      pair: 'pair:ann|10.0.0.1',
      address: 'addr:10.0.0.1',
      account: 'user:ann',
    });
  });
});

describe('passwords', () => {
  it('hash with a salt and verify', async () => {
    const a = await hashPassword('Switchboard1');
    const b = await hashPassword('Switchboard1');
    expect(a).not.toBe(b);
    expect(await verifyPassword('Switchboard1', a)).toBe(true);
    expect(await verifyPassword('switchboard1', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });

  it('keep the cost they were made with: the default unnamed, any other named in the hash', async () => {
    const [scheme, salt, hash] = (await hashPassword('Switchboard1', DEFAULT_PASSWORD_HASH_COST)).split('$');
    expect(scheme).toBe('scrypt');
    // The default cost is Node's scrypt default (N = 16384), the format hashes have always had.
    expect(scryptSync('Switchboard1', Buffer.from(salt!, 'base64url'), 32).toString('base64url')).toBe(hash);
    const cheap = await hashPassword('Switchboard1', 10);
    const [, params, cheapSalt, cheapHash] = cheap.split('$');
    expect(params).toBe('ln=10');
    expect(
      scryptSync('Switchboard1', Buffer.from(cheapSalt!, 'base64url'), 32, { N: 1024 }).toString('base64url'),
    ).toBe(cheapHash);
    expect(await verifyPassword('Switchboard1', cheap)).toBe(true);
    expect(await verifyPassword('switchboard1', cheap)).toBe(false);
    // A stored hash may not name a cost outside the bounds (memory), nor a malformed one.
    for (const bad of ['ln=21', 'ln=3', 'ln=x', 'n=10']) {
      expect(await verifyPassword('Switchboard1', cheap.replace('ln=10', bad))).toBe(false);
    }
  });

  it('are made at the configured cost; nobody opens the unmatchable hash at it', async () => {
    const before = passwordHashCost();
    try {
      setPasswordHashCost(11);
      expect((await hashPassword('Switchboard1')).split('$')[1]).toBe('ln=11');
      expect(unmatchableHash().split('$')[1]).toBe('ln=11');
      expect(await verifyPassword('', unmatchableHash())).toBe(false);
      expect(() => setPasswordHashCost(3)).toThrow();
      expect(() => setPasswordHashCost(21)).toThrow();
      setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
      expect((await hashPassword('Switchboard1')).split('$')).toHaveLength(3);
      expect(unmatchableHash().split('$')).toHaveLength(3);
    } finally {
      setPasswordHashCost(before);
    }
  });
});

describe('configuration', () => {
  it('has defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, loginCaptcha: 'after-failures', demoPassword: 'Switchboard1' });
    expect(c.databaseUrl).toBeUndefined();
  });
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', LOGIN_CAPTCHA: 'sometimes', DATABASE_URL: 'mysql://x' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', LOGIN_CAPTCHA: 'sometimes', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain('PORT');
      expect(text).toContain('LOGIN_CAPTCHA');
      expect(text).toContain('DATABASE_URL');
    }
  });
});
