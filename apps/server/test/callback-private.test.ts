import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallbackTestResult } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARE_ADMIN_PASSWORD, startServer, type TestServer } from './harness';
import { addCompany, companyId, EN, expectError, expectOk, tokenOf, ZH } from './support/api';
import { freePort } from './support/spawned-server';

/**
 * Callbacks to loopback and private addresses (issue 21 item 9): refused by default on any
 * install outside demo mode, whatever its database (an embedded-database install allowed them, and
 * its "send test" answers made a port scanner of 127.0.0.1); allowed in demo mode or with
 * CALLBACK_ALLOW_PRIVATE=1. A refused target is not connected to: its answer is the same whether
 * a port listens there or not.
 */

/** A receiver on 127.0.0.1 that counts the posts it gets. */
let receiver: http.Server;
let receiverPort: number;
let posts = 0;
/** A port of 127.0.0.1 nothing listens on. */
let closedPort: number;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    posts++;
    req.resume();
    res.end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  closedPort = await freePort();
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function bareServer(env: Record<string, string> = {}) {
  const s = await startServer(env, { bare: true });
  const token = await tokenOf(s, 'admin', {}, BARE_ADMIN_PASSWORD);
  return { s, token, company: await addCompany(s, token, 'Bare customer') };
}

const test = (s: TestServer, token: string, companyId: string, url: string, locale = EN) =>
  s.call<CallbackTestResult>('POST', '/sys/configCallback/test', { token, locale, body: { companyId, url } });

describe('an install outside demo mode, CALLBACK_ALLOW_PRIVATE unset', () => {
  let s: TestServer;
  let token: string;
  let company: string;
  beforeAll(async () => {
    ({ s, token, company } = await bareServer());
  });
  afterAll(() => s.close());

  it('refuses a loopback callback URL when saved and when tested, in both languages', async () => {
    const url = `http://127.0.0.1:${receiverPort}/dlr`;
    for (const locale of [EN, ZH]) {
      expectError(
        await s.call('PUT', '/sys/configCallback/edit', { token, locale, body: { companyId: company, url } }),
        400,
        'CALLBACK_URL_PRIVATE',
        { locale, params: { address: '127.0.0.1' } },
      );
      expectError(await test(s, token, company, url, locale), 400, 'CALLBACK_URL_PRIVATE', {
        locale,
        params: { address: '127.0.0.1' },
      });
    }
    expect(posts).toBe(0);
  });

  it('answers a test of a refused target the same whether its port listens or not', async () => {
    const open = await test(s, token, company, `http://127.0.0.1:${receiverPort}/`);
    const closed = await test(s, token, company, `http://127.0.0.1:${closedPort}/`);
    const { timestamp: _a, ...openBody } = open.body as unknown as Record<string, unknown>;
    const { timestamp: _b, ...closedBody } = closed.body as unknown as Record<string, unknown>;
    expect([open.status, openBody]).toEqual([closed.status, closedBody]);
    expect(posts).toBe(0);
  });
});

describe('private callbacks allowed', () => {
  it('with CALLBACK_ALLOW_PRIVATE=1 outside demo mode', async () => {
    const { s, token, company } = await bareServer({ CALLBACK_ALLOW_PRIVATE: '1' });
    try {
      const before = posts;
      const view = expectOk(await test(s, token, company, `http://127.0.0.1:${receiverPort}/dlr`));
      expect(view.delivered).toBe(true);
      expect(posts).toBe(before + 1);
    } finally {
      await s.close();
    }
  });

  it('in demo mode by default, and not when CALLBACK_ALLOW_PRIVATE=0', async () => {
    const demo = await startServer();
    try {
      const token = await tokenOf(demo, 'customer');
      const before = posts;
      const url = `http://127.0.0.1:${receiverPort}/dlr`;
      expectOk(await demo.call('PUT', '/sys/configCallback/edit', { token, body: { url } }));
      expect(expectOk(await test(demo, token, companyId('Direct Retail Ltd'), url)).delivered).toBe(true);
      expect(posts).toBe(before + 1);
    } finally {
      await demo.close();
    }
    const strict = await startServer({ CALLBACK_ALLOW_PRIVATE: '0' });
    try {
      const token = await tokenOf(strict, 'customer');
      expectError(
        await strict.call('PUT', '/sys/configCallback/edit', {
          token,
          body: { url: `http://127.0.0.1:${receiverPort}/dlr` },
        }),
        400,
        'CALLBACK_URL_PRIVATE',
        { params: { address: '127.0.0.1' } },
      );
    } finally {
      await strict.close();
    }
  });
});
