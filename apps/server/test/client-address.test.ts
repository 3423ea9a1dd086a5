import type { KeysetPage } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import { expectError, expectOk, userId } from './support/api';

/**
 * The client's address behind proxies (TRUST_PROXY): the address the trusted hops added to
 * X-Forwarded-For, never an entry the client wrote itself. Every consumer (login log, login and
 * API IP whitelists, rate limits, /metrics) reads `request.ip`, which is derived from it.
 */
const TOKEN = 'metrics-token-0123456789abcdef';

let oneHop: TestServer;
let listed: TestServer;

beforeAll(async () => {
  [oneHop, listed] = await Promise.all([
    startServer({ TRUST_PROXY: '1', METRICS_TOKEN: TOKEN, METRICS_ALLOW: '10.9.0.0/16' }),
    // The test's own connection comes from loopback: the proxy is 127.0.0.1 and 10.0.0.0/8.
    startServer({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }),
  ]);
});
afterAll(() => Promise.all([oneHop?.close(), listed?.close()]));

const forwardedFor = (value: string) => ({ headers: { 'X-Forwarded-For': value } });

/** The address the login log recorded for the last attempt of `username`. */
async function loggedAddress(s: TestServer, username: string, xff: string): Promise<string> {
  await s.call('POST', '/sys/login', { body: { username, password: 'Wrong-pass1' }, ...forwardedFor(xff) });
  const admin = await s.login('admin', DEMO_PASSWORD);
  const page = expectOk(
    await s.call<KeysetPage<{ ip: string }>>('GET', '/sys/log/loginLog', {
      token: admin.token,
      query: { username, pageSize: '1' },
    }),
  );
  return page.records[0]!.ip;
}

describe('TRUST_PROXY', () => {
  it('reads 0/1/true, a number of hops, or proxy addresses; refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('one hop: the entry the proxy added (rightmost) is the client, not one the client wrote', async () => {
    // The client wrote 10.9.0.5 itself; the proxy appended the address it saw.
    expect(await loggedAddress(oneHop, 'proxy-probe-1', '10.9.0.5, 198.51.100.7')).toBe('198.51.100.7');
    expect(await loggedAddress(oneHop, 'proxy-probe-1', '198.51.100.8')).toBe('198.51.100.8');
  });

  it('/metrics allows by the address the proxy saw, not a forged leftmost entry', async () => {
    const metrics = (xff: string) => fetch(`${oneHop.baseUrl}/metrics`, forwardedFor(xff));
    expect((await metrics('10.9.0.5, 198.51.100.7')).status).toBe(401);
    expect((await metrics('198.51.100.7, 10.9.0.5')).status).toBe(200);
  });

  it('a list of proxies: the first address from the right that is not a listed proxy', async () => {
    expect(await loggedAddress(listed, 'proxy-probe-2', '10.9.0.5, 198.51.100.9, 10.1.1.1')).toBe(
      '198.51.100.9',
    );
  });

  it('applies to the login IP whitelist', async () => {
    const admin = await oneHop.login('admin', DEMO_PASSWORD);
    expectOk(
      await oneHop.call('PUT', '/sys/user/ipWhitelist', {
        token: admin.token,
        body: { userId: userId('customer2'), rules: ['10.9.0.0/16'] },
      }),
    );
    const attempt = (xff: string) =>
      oneHop.call('POST', '/sys/login', {
        body: { username: 'customer2', password: DEMO_PASSWORD },
        ...forwardedFor(xff),
      });
    expectError(await attempt('10.9.0.5, 198.51.100.20'), 403, 'LOGIN_IP_NOT_ALLOWED');
    expectOk(await attempt('198.51.100.20, 10.9.0.6'));
  });
});
