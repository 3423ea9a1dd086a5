import type { DictItem, LoginResult } from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/modules/auth';
import { sessions } from '../src/schema';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import {
  EN,
  expectEnvelope,
  expectError,
  expectNoInternals,
  expectOk,
  text,
  userId,
  ZH,
} from './support/api';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const DEPARTS = '/sys/user/getCurrentUserDeparts';

describe('X-Access-Token', () => {
  it('accepts the token of a login in the X-Access-Token header', async () => {
    const { token } = await s.login('customer');
    const res = await s.call<{ orgCode: string }>('GET', DEPARTS, { headers: { 'X-Access-Token': token } });
    expect(expectOk(res).orgCode).toBe('A06');
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    const res = await s.call('GET', DEPARTS);
    expectError(res, 401, 'UNAUTHORIZED');
    expect(res.body.message).toBe('Unauthorized, please log in again');
    expect(res.body.result).toBeNull();
    const zh = await s.call('GET', DEPARTS, { locale: ZH });
    expect(zh.body.message).toBe('未授权，请重新登录');
    const accept = await s.call('GET', DEPARTS, { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
    expect(accept.body.message).toBe('未授权，请重新登录');
    // An unknown language falls back to English.
    const fr = await s.call('GET', DEPARTS, { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
    expect(fr.body.message).toBe('Unauthorized, please log in again');
  });

  it('answers 401 TOKEN_INVALID for an unknown token', async () => {
    const res = await s.call('GET', DEPARTS, { token: 'not-a-real-token-0123456789abcdefghijklmno' });
    expectError(res, 401, 'TOKEN_INVALID');
    expect(res.body.message).toContain('Token invalid');
    const zh = await s.call('GET', DEPARTS, { token: 'x', locale: ZH });
    expectError(zh, 401, 'TOKEN_INVALID', { locale: ZH });
    expect(zh.body.message).toBe('登录凭证已失效，请重新登录');
  });

  it('does not take the token from the query string', async () => {
    const { token } = await s.login('customer');
    const res = await s.call('GET', DEPARTS, { query: { token, 'X-Access-Token': token } });
    expectError(res, 401, 'UNAUTHORIZED');
  });

  it('refuses an over-long token without an error', async () => {
    const res = await s.call('GET', DEPARTS, { token: 'a'.repeat(5000) });
    expect(res.status).toBe(401);
    expectEnvelope(res.body, 401);
  });
});

describe('resolving tokens', () => {
  it('reads a session once for requests that miss it at the same time', async () => {
    const { token } = await s.login('customer');
    const lookups = vi.spyOn(s.app.services.roles, 'roleIdsOfUser');
    try {
      const resolved = await Promise.all(
        Array.from({ length: 10 }, () => s.app.services.sessions.resolve(token)),
      );
      expect(resolved.map((auth) => auth?.user.username)).toEqual(Array(10).fill('customer'));
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('does not answer from a lookup that a revocation overtook', async () => {
    const { token } = await s.login('customer');
    const [session] = await s.app.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    const underWay = s.app.services.sessions.resolve(token);
    await s.app.services.sessions.revoke(session?.id ?? '');
    expect(await s.app.services.sessions.resolve(token)).toBeNull();
    await underWay;
    expect(await s.app.services.sessions.resolve(token)).toBeNull();
  });
});

describe('POST /sys/logout', () => {
  it('revokes the token: the next call is 401', async () => {
    const { token } = await s.login('agent');
    const other = (await s.login('agent')).token;
    const res = await s.call('POST', '/sys/logout', { token });
    expect(expectOk(res)).toBeNull();
    expect(res.body.message).toBe('Logged out');
    expectError(await s.call('GET', DEPARTS, { token }), 401, 'TOKEN_INVALID');
    // Only that session: another login of the same user still works.
    expectOk(await s.call('GET', DEPARTS, { token: other }));
    // Logging out twice is refused.
    expectError(await s.call('POST', '/sys/logout', { token }), 401, 'TOKEN_INVALID');
  });

  it('answers in Chinese and needs a token', async () => {
    const { token } = await s.login('agent');
    const res = await s.call('POST', '/sys/logout', { token, locale: ZH });
    expect(res.body.message).toBe('退出登录成功');
    expectError(await s.call('POST', '/sys/logout'), 401, 'UNAUTHORIZED');
  });
});

describe('GET with the _t timestamp parameter', () => {
  it('ignores _t on every GET route', async () => {
    const { token } = await s.login('admin');
    const _t = String(Date.now());
    const paths = [
      '/health',
      '/sys/permission/getUserPermissionByToken',
      '/sys/user/getCurrentUserDeparts',
      '/sys/sysDepart/getDepartInfo',
      '/sys/log/loginLog',
      '/sys/log/operationLog',
      '/sys/company/list',
      '/sys/loginRequirements',
    ];
    for (const path of paths) {
      const res = await s.call('GET', path, { token, query: { _t } });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    const dict = await s.call<DictItem[]>('GET', '/sys/dict/getDictItems/priority', { token, query: { _t } });
    expect(expectOk(dict).map((i) => i.value)).toEqual(['L', 'M', 'H']);
    const dup = await s.call('GET', '/sys/duplicate/check', {
      query: { tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody-here', _t },
    });
    expectOk(dup);
  });
});

describe('session expiry', () => {
  it('answers 401 once the session has expired', async () => {
    const { token } = await s.login('customer2');
    expectOk(await s.call('GET', DEPARTS, { token }));
    await s.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    // Written behind the server's back: its cache of live sessions is told, as the service would be.
    await s.app.services.sessions.forget({ userId: userId('customer2') });
    const res = await s.call('GET', DEPARTS, { token });
    expect(res.status).toBe(401);
    expectEnvelope(res.body, 401);
    expect(res.body.errorCode).toBe('LOGIN_EXPIRED');
    expect(res.body.message).toBe('Login expired, please log in again');
    const zh = await s.call('GET', DEPARTS, { token, locale: 'zh-CN' });
    expect(zh.body.message).toBe('登录已过期，请重新登录');
  });

  it('gives a session 7 days', async () => {
    const before = Date.now();
    const { token } = await s.login('customer2');
    const [row] = await s.app.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    const ttl = (row?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThan(604_800_000 - 60_000);
    expect(ttl).toBeLessThan(604_800_000 + 60_000);
  });

  it('stores a hash of the token, not the token', async () => {
    const { token } = await s.login('customer2');
    const rows = await s.app.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
  });
});

describe('unknown API paths', () => {
  it('answers the 404 envelope in both languages', async () => {
    const res = await s.call('GET', '/no/such/thing');
    expectError(res, 404, 'NOT_FOUND');
    expect(res.body.message).toBe('Resource not found');
    const zh = await s.call('GET', '/no/such/thing', { locale: ZH });
    expect(zh.body.message).toBe('资源不存在');
    const post = await s.call('POST', '/sys/nothing', {
      body: { a: 1 },
      headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' },
    });
    expectError(post, 404, 'NOT_FOUND', { locale: ZH });
  });

  it('answers 404 for a known path with another method', async () => {
    expectError(await s.call('DELETE', '/sys/login'), 404, 'NOT_FOUND');
  });
});

describe('security headers', () => {
  it('sets helmet headers on API answers', async () => {
    const res = await s.call('GET', '/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // Internal menu urls are framed (the iframe screen); frame-src would otherwise be 'self'.
    expect(csp).toContain("frame-src 'self' https: http:");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('sets them on error answers too', async () => {
    const res = await s.call('GET', '/no/such/thing');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('malformed requests', () => {
  it('answers malformed JSON with a 400 envelope, not 500', async () => {
    const res = await s.call('POST', '/sys/login', { rawBody: '{"username": "admin", "password": ' });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toBe('The request is malformed');
    const zh = await s.call('POST', '/sys/login', { rawBody: '{bad json', locale: ZH });
    expectError(zh, 400, 'BAD_REQUEST', { locale: ZH });
    expect(zh.body.message).toBe('请求格式错误');
  });

  it('answers JSON that is not an object with 400', async () => {
    for (const raw of ['"admin"', '[1,2,3]', 'null', '42']) {
      const res = await s.call('POST', '/sys/login', { rawBody: raw });
      expect({ raw, status: res.status }).toEqual({ raw, status: 400 });
      expectEnvelope(res.body, 400);
    }
  });

  it('answers an unsupported content type with a 4xx envelope', async () => {
    const res = await s.call('POST', '/sys/login', {
      rawBody: '<a>admin</a>',
      contentType: 'application/xml',
    });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // Plain text is read as a string, which is not a login payload.
    const plain = await s.call('POST', '/sys/login', {
      rawBody: 'username=admin',
      contentType: 'text/plain',
    });
    expectError(plain, 400, 'VALIDATION_FAILED', { message: false });
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await s.call('POST', '/sys/login', { rawBody: big });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.body.message).toBe('Request body is too large');
    const zh = await s.call('POST', '/sys/login', { rawBody: big, locale: ZH });
    expect(zh.body.message).toBe('请求内容过大');
    // The server is fine afterwards.
    expectOk(
      await s.call<LoginResult>('POST', '/sys/login', {
        body: { username: 'admin', password: DEMO_PASSWORD },
      }),
    );
  });

  it('never shows a stack trace or internal detail in an error answer', async () => {
    const { token } = await s.login('customer');
    const answers = await Promise.all([
      s.call('POST', '/sys/login', { rawBody: '{' }),
      s.call('POST', '/sys/login', { rawBody: '{"username": {"$ne": null}, "password": []}' }),
      s.call('GET', '/sys/dict/getDictItems/nope', { token }),
      s.call('GET', '/sys/company/list', { token, query: { pageSize: 'abc' } }),
      s.call('PUT', '/sys/user/frozenBatch', { token, body: { ids: ['x'], status: 2 } }),
      s.call('GET', '/x'),
      s.call('POST', '/sys/selectDepart', { token, rawBody: '{"orgCode":' }),
      s.call('GET', '/sys/randomImage/%00%27'),
    ]);
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectEnvelope(res.body, res.status);
      expectNoInternals(res.body);
      expect(res.body.message).not.toMatch(/Unexpected|JSON|Zod|expected/);
    }
    expect(text('INTERNAL_ERROR', EN)).toBe('Internal server error');
  });
});
