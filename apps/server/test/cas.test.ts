import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoginResult, Page, UserPermissions } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { expectError, expectFieldError, expectOk, tokenOf, userId, ZH } from './support/api';

const SERVICE = 'https://console.example.com/cas/callback';
const success = (user: string) =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
const failure = (ticket: string) =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`;

/** Tickets the fake CAS server knows (valid for SERVICE only), and the user each stands for. */
const TICKETS: Record<string, string> = {
  'ST-good-1': 'customer',
  'ST-good-2': 'customer',
  'ST-ghost': 'no-such-platform-user',
  'ST-frozen': 'customer2',
};

interface Received {
  path: string;
  ticket: string | null;
  service: string | null;
}

describe('POST /cas/client/validateLogin without CAS_SERVER_URL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('answers 501 CAS_NOT_CONFIGURED in both languages', async () => {
    const res = await s.call('POST', '/cas/client/validateLogin', {
      body: { ticket: 'ST-good-1', service: SERVICE },
    });
    expectError(res, 501, 'CAS_NOT_CONFIGURED');
    expect(res.body.message).toBe('CAS single sign-on is not configured');
    const zh = await s.call('POST', '/cas/client/validateLogin', {
      locale: ZH,
      body: { ticket: 'ST-good-1', service: SERVICE },
    });
    expectError(zh, 501, 'CAS_NOT_CONFIGURED', { locale: ZH });
    expect(zh.body.message).toBe('未配置CAS单点登录');
  });
});

describe('POST /cas/client/validateLogin with a CAS server', () => {
  let cas: Server;
  let s: TestServer;
  const received: Received[] = [];

  beforeAll(async () => {
    cas = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://cas.local');
      const ticket = url.searchParams.get('ticket');
      const service = url.searchParams.get('service');
      received.push({ path: url.pathname, ticket, service });
      if (ticket === 'ST-broken') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
        return;
      }
      const user =
        url.pathname === '/serviceValidate' && ticket && service === SERVICE ? TICKETS[ticket] : undefined;
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(user ? success(user) : failure(ticket ?? ''));
    });
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
    const { port } = cas.address() as AddressInfo;
    s = await startServer({ CAS_SERVER_URL: `http://127.0.0.1:${port}/` });
  });
  afterAll(async () => {
    await s.close();
    await new Promise((resolve) => cas.close(resolve));
  });

  const validate = (body: unknown, locale?: string) =>
    s.call<LoginResult>('POST', '/cas/client/validateLogin', { body, ...(locale ? { locale } : {}) });

  it('logs the CAS user in with a good ticket, and the token works', async () => {
    received.length = 0;
    const res = await validate({ ticket: 'ST-good-1', service: SERVICE });
    const result = expectOk(res);
    expect(res.body.message).toBe('Login successful');
    expect(result.userInfo).toMatchObject({
      id: userId('customer'),
      username: 'customer',
      realname: 'Chris Customer',
    });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(received).toEqual([{ path: '/serviceValidate', ticket: 'ST-good-1', service: SERVICE }]);

    const perms = await s.call<UserPermissions>('GET', '/sys/permission/getUserPermissionByToken', {
      token: result.token,
    });
    expect(expectOk(perms).menu.map((m) => m.name)).toContain('home');
  });

  it('records the CAS login in the login log', async () => {
    const admin = await tokenOf(s, 'admin');
    const page = expectOk(
      await s.call<Page<{ username: string; success: boolean; method: string }>>('GET', '/sys/log/loginLog', {
        token: admin,
        query: { username: 'customer' },
      }),
    );
    expect(page.records[0]).toMatchObject({ username: 'customer', success: true, method: 'cas' });
  });

  it('refuses a bad ticket with 401 CAS_TICKET_INVALID', async () => {
    const res = await validate({ ticket: 'ST-unknown', service: SERVICE });
    expectError(res, 401, 'CAS_TICKET_INVALID');
    expect(res.body.message).toBe('CAS ticket validation failed');
    const zh = await validate({ ticket: 'ST-unknown', service: SERVICE }, ZH);
    expect(zh.body.message).toBe('CAS票据验证失败');
  });

  it('refuses a good ticket for another service', async () => {
    received.length = 0;
    const other = 'https://evil.example.com/steal';
    expectError(await validate({ ticket: 'ST-good-2', service: other }), 401, 'CAS_TICKET_INVALID');
    expect(received).toEqual([{ path: '/serviceValidate', ticket: 'ST-good-2', service: other }]);
  });

  it('refuses when the CAS server answers with an error status', async () => {
    const res = await validate({ ticket: 'ST-broken', service: SERVICE });
    expect(res.status).not.toBe(200);
    expect(res.status).not.toBe(500);
    expect(res.body.errorCode).toBe('CAS_TICKET_INVALID');
  });

  it('refuses a CAS user without a platform account (CAS_USER_UNKNOWN)', async () => {
    const res = await validate({ ticket: 'ST-ghost', service: SERVICE });
    expectError(res, 401, 'CAS_USER_UNKNOWN');
    expect(res.body.message).toBe('The CAS user has no account on this platform');
    const zh = await validate({ ticket: 'ST-ghost', service: SERVICE }, ZH);
    expect(zh.body.message).toBe('CAS用户在本平台没有账号');
  });

  it('refuses a frozen account', async () => {
    const admin = await tokenOf(s, 'admin');
    expectOk(
      await s.call('PUT', '/sys/user/frozenBatch', {
        token: admin,
        body: { ids: [userId('customer2')], status: 2 },
      }),
    );
    expectError(await validate({ ticket: 'ST-frozen', service: SERVICE }), 403, 'ACCOUNT_FROZEN');
    expectOk(
      await s.call('PUT', '/sys/user/frozenBatch', {
        token: admin,
        body: { ids: [userId('customer2')], status: 1 },
      }),
    );
    expect(expectOk(await validate({ ticket: 'ST-frozen', service: SERVICE })).userInfo.username).toBe(
      'customer2',
    );
  });

  it('answers 400 for missing or invalid fields without calling the CAS server', async () => {
    received.length = 0;
    expectFieldError(await validate({ service: SERVICE }), 'ticket', 'ticket is required');
    expectFieldError(await validate({ ticket: 'ST-good-1' }), 'service', 'service is required');
    expectFieldError(await validate({ ticket: '', service: SERVICE }), 'ticket', 'ticket is required');
    expectFieldError(
      await validate({ ticket: 'ST-good-1', service: 'not a url' }),
      'service',
      'service is invalid',
    );
    expectFieldError(await validate({ ticket: 42, service: SERVICE }), 'ticket', 'ticket has the wrong type');
    expect(expectOk(await validate({ ticket: 'ST-good-1', service: SERVICE }, ZH)).userInfo.username).toBe(
      'customer',
    );
    expectFieldError(await validate({}, ZH), 'ticket', 'ticket不能为空');
    expectFieldError(
      await validate({ ticket: 'x'.repeat(513), service: SERVICE }),
      'ticket',
      'ticket must be at most 512 characters',
    );
    // Only the one valid request above reached the CAS server.
    expect(received.map((r) => r.ticket)).toEqual(['ST-good-1']);
  });
});
