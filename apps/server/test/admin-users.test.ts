import type { KeysetPage, LoginResult } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import { eventually, expectError, expectFieldError, expectOk, tokenOf, userId, ZH } from './support/api';

interface OperationLogRow {
  id: number;
  userId: string | null;
  username: string | null;
  method: string;
  route: string;
  action: string | null;
  statusCode: number;
  ip: string;
  userAgent: string | null;
  durationMs: number;
}

let s: TestServer;
let admin: string;
let customer: string;
const UA = { 'User-Agent': 'AdminUsersTest/1.0' };

beforeAll(async () => {
  s = await startServer();
  admin = await tokenOf(s, 'admin');
  customer = await tokenOf(s, 'customer');
});
afterAll(() => s.close());

const freeze = (token: string, ids: string[], status: number, locale?: string) =>
  s.call<{ updated: number }>('PUT', '/sys/user/frozenBatch', {
    token,
    headers: UA,
    body: { ids, status },
    ...(locale ? { locale } : {}),
  });
const setRules = (token: string, id: string, rules: string[], locale?: string) =>
  s.call<{ rules: string[] }>('PUT', '/sys/user/ipWhitelist', {
    token,
    headers: UA,
    body: { userId: id, rules },
    ...(locale ? { locale } : {}),
  });
const tryLogin = (username: string) =>
  s.call<LoginResult>('POST', '/sys/login', { body: { username, password: DEMO_PASSWORD } });

describe('PUT /sys/user/frozenBatch', () => {
  it('lets an admin freeze several users, signing them out', async () => {
    const agentToken = await tokenOf(s, 'agent');
    const distributorToken = await tokenOf(s, 'distributor');
    expect(expectOk(await freeze(admin, [userId('agent'), userId('distributor')], 2))).toEqual({
      updated: 2,
    });
    expectError(
      await s.call('GET', '/sys/user/getCurrentUserDeparts', { token: agentToken }),
      401,
      'TOKEN_INVALID',
    );
    expectError(
      await s.call('GET', '/sys/user/getCurrentUserDeparts', { token: distributorToken }),
      401,
      'TOKEN_INVALID',
    );
    expectError(await tryLogin('agent'), 403, 'ACCOUNT_FROZEN');
    // Freezing again changes nothing.
    expect(expectOk(await freeze(admin, [userId('agent')], 2))).toEqual({ updated: 0 });
  });

  it('lets an admin thaw them', async () => {
    expect(expectOk(await freeze(admin, [userId('agent'), userId('distributor')], 1))).toEqual({
      updated: 2,
    });
    expect(expectOk(await tryLogin('agent')).userInfo.username).toBe('agent');
    expect(expectOk(await tryLogin('distributor')).userInfo.username).toBe('distributor');
  });

  it('ignores unknown ids', async () => {
    expect(expectOk(await freeze(admin, ['00000000-0000-4000-8000-000000000000'], 2))).toEqual({
      updated: 0,
    });
  });

  it('refuses to freeze oneself (CANNOT_FREEZE_SELF), also within a batch', async () => {
    const res = await freeze(admin, [userId('admin')], 2);
    expectError(res, 400, 'CANNOT_FREEZE_SELF');
    expect(res.body.message).toBe('You cannot freeze your own account');
    const zh = await freeze(admin, [userId('customer2'), userId('admin')], 2, ZH);
    expectError(zh, 400, 'CANNOT_FREEZE_SELF', { locale: ZH });
    expect(zh.body.message).toBe('不能冻结自己的账号');
    // Nobody was frozen: the admin's token and customer2 still work.
    expectOk(await s.call('GET', '/sys/user/getCurrentUserDeparts', { token: admin }));
    expectOk(await tryLogin('customer2'));
    // Thawing oneself is harmless.
    expect(expectOk(await freeze(admin, [userId('admin')], 1))).toEqual({ updated: 0 });
  });

  it('refuses a customer with 403 "No operation permission"', async () => {
    const res = await freeze(customer, [userId('customer2')], 2);
    expectError(res, 403, 'NO_OPERATION_PERMISSION');
    expect(res.body.message).toBe('No operation permission');
    const zh = await s.call('PUT', '/sys/user/frozenBatch', {
      token: customer,
      headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' },
      body: { ids: [userId('customer2')], status: 2 },
    });
    expect(zh.body.message).toBe('没有操作权限');
    expectOk(await tryLogin('customer2'));
  });

  it('needs a session', async () => {
    expectError(
      await s.call('PUT', '/sys/user/frozenBatch', { body: { ids: [userId('customer2')], status: 2 } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('validates ids and status', async () => {
    expectFieldError(await freeze(admin, ['not-a-uuid'], 2), 'ids.0', 'ids.0 is invalid');
    const res = await freeze(admin, [userId('customer2')], 3);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['status']);
  });
});

describe('PUT /sys/user/ipWhitelist', () => {
  it('sets rules (deduplicated) that the login then applies', async () => {
    const res = await setRules(admin, userId('customer2'), ['10.0.0.0/8', '10.0.0.0/8', '192.168.1.7']);
    expect(expectOk(res)).toEqual({ rules: ['10.0.0.0/8', '192.168.1.7'] });
    expectError(await tryLogin('customer2'), 403, 'LOGIN_IP_NOT_ALLOWED');
    expect(expectOk(await setRules(admin, userId('customer2'), ['127.0.0.1', '::1']))).toEqual({
      rules: ['127.0.0.1', '::1'],
    });
    expectOk(await tryLogin('customer2'));
    expect(expectOk(await setRules(admin, userId('customer2'), []))).toEqual({ rules: [] });
    expectOk(await tryLogin('customer2'));
  });

  it('accepts IPv6 addresses and ranges', async () => {
    expect(expectOk(await setRules(admin, userId('agentcustomer'), ['2001:db8::/32', 'fe80::1']))).toEqual({
      rules: ['2001:db8::/32', 'fe80::1'],
    });
    expectOk(await setRules(admin, userId('agentcustomer'), []));
  });

  it.each([
    ['abc'],
    ['300.1.1.1'],
    ['10.0.0.0/33'],
    ['10.0.0.1/'],
    ['2001:db8::/129'],
    ["' OR '1'='1"],
    // Legacy inet_aton shorthands: "1.2.3" would silently mean 1.2.0.3, "0x7f.1" 127.0.0.1.
    ['1.2.3'],
    ['0x7f.1'],
  ])('refuses the rule %j with 400 IP_RULE_INVALID', async (rule) => {
    const res = await setRules(admin, userId('agentcustomer'), ['10.0.0.1', rule]);
    expectError(res, 400, 'IP_RULE_INVALID', { params: { value: rule } });
  });

  it('names the invalid rule in both languages', async () => {
    expect(expectOk(await setRules(admin, userId('agentcustomer'), []))).toEqual({ rules: [] });
    const res = await setRules(admin, userId('agentcustomer'), ['abc']);
    expect(res.body.message).toBe('Invalid address or CIDR range: abc');
    const zh = await setRules(admin, userId('agentcustomer'), ['abc'], ZH);
    expect(zh.body.message).toBe('无效的IP地址或网段：abc');
    // The rules were not changed.
    expectOk(await tryLogin('agentcustomer'));
  });

  it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
    const res = await setRules(admin, '00000000-0000-4000-8000-000000000000', []);
    expectError(res, 404, 'USER_NOT_FOUND');
    expect(res.body.message).toBe('User not found');
  });

  it('refuses a customer with 403', async () => {
    expectError(await setRules(customer, userId('customer'), ['10.0.0.0/8']), 403, 'NO_OPERATION_PERMISSION');
    expectOk(await tryLogin('customer'));
  });

  it('refuses more than 100 rules', async () => {
    const rules = Array.from({ length: 101 }, (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}`);
    const res = await setRules(admin, userId('agentcustomer'), rules);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['rules']);
  });
});

describe('GET /sys/log/operationLog', () => {
  const operations = async (query: Record<string, string> = {}) =>
    expectOk(
      await s.call<KeysetPage<OperationLogRow>>('GET', '/sys/log/operationLog', {
        token: admin,
        query: { pageSize: '500', ...query },
      }),
    );

  it('records every change with username, method, route, action, status code and ip', async () => {
    const page = await eventually(async () => {
      const p = await operations({ username: 'admin' });
      expect(p.records.some((r) => r.route === '/api/sys/user/ipWhitelist' && r.statusCode === 404)).toBe(
        true,
      );
      return p;
    });
    expect(page.records).toContainEqual(
      expect.objectContaining({
        userId: userId('admin'),
        username: 'admin',
        method: 'PUT',
        route: '/api/sys/user/frozenBatch',
        action: 'system:user:frozen',
        statusCode: 200,
        ip: '127.0.0.1',
        userAgent: 'AdminUsersTest/1.0',
      }),
    );
    // Refused changes are recorded too.
    expect(page.records).toContainEqual(
      expect.objectContaining({ username: 'admin', route: '/api/sys/user/frozenBatch', statusCode: 400 }),
    );
    expect(page.records).toContainEqual(
      expect.objectContaining({
        username: 'admin',
        method: 'PUT',
        route: '/api/sys/user/ipWhitelist',
        action: 'system:user:ipWhitelist',
        statusCode: 200,
      }),
    );
    for (const r of page.records) {
      expect(r.username).toBe('admin');
      expect(typeof r.durationMs).toBe('number');
    }
  });

  it("records a customer's refused attempt", async () => {
    const page = await operations({ username: 'customer' });
    expect(page.records).toContainEqual(
      expect.objectContaining({
        userId: userId('customer'),
        method: 'PUT',
        route: '/api/sys/user/frozenBatch',
        action: 'system:user:frozen',
        statusCode: 403,
      }),
    );
  });

  it('does not record GET requests', async () => {
    await s.call('GET', '/sys/user/getCurrentUserDeparts', { token: admin });
    await s.call('GET', '/sys/log/loginLog', { token: admin });
    const before = (await operations()).records.length;
    await s.call('GET', '/sys/log/operationLog', { token: admin });
    await s.call('GET', '/sys/dict/getDictItems/priority', { token: admin });
    const page = await operations();
    expect(page.records.filter((r) => r.method === 'GET')).toEqual([]);
    expect(page.records.length).toBe(before);
  });

  it('records sign-ins with who and what, and nothing for anonymous calls', async () => {
    const before = (await operations()).records.length;
    // Anonymous calls refused for want of a session cannot fill the log.
    for (let i = 0; i < 5; i++) expectError(await s.call('POST', '/sys/logout'), 401, 'UNAUTHORIZED');
    expect((await operations()).records.length).toBe(before);
    await tokenOf(s, 'agent');
    const page = await eventually(async () => {
      const p = await operations({ username: 'agent' });
      expect(p.records.some((r) => r.route === '/api/sys/login')).toBe(true);
      return p;
    });
    expect(page.records).toContainEqual(
      expect.objectContaining({
        userId: userId('agent'),
        username: 'agent',
        method: 'POST',
        route: '/api/sys/login',
        action: 'login',
        statusCode: 200,
      }),
    );
  });

  it('records a new change right away, newest first', async () => {
    expectOk(await freeze(admin, [userId('customer2')], 1));
    const page = await eventually(async () => {
      const p = await operations({ pageSize: '1' });
      expect(p.records[0]).toMatchObject({
        route: '/api/sys/user/frozenBatch',
        statusCode: 200,
        username: 'admin',
      });
      return p;
    });
    expect(page.size).toBe(1);
    expect(page.nextCursor).toBe(String(page.records[0]!.id));
  });

  it('is refused to a customer', async () => {
    expectError(
      await s.call('GET', '/sys/log/operationLog', { token: customer }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });
});

describe('GET /sys/log/loginLog', () => {
  it('is open to the admin, newest first, paged by key without gaps or repeats', async () => {
    type Row = { id: number; username: string; success: boolean };
    const first = expectOk(
      await s.call<KeysetPage<Row>>('GET', '/sys/log/loginLog', { token: admin, query: { pageSize: '2' } }),
    );
    expect(first.size).toBe(2);
    expect(first.records).toHaveLength(2);
    expect(first.nextCursor).toBe(String(first.records[1]!.id));
    const ids = first.records.map((r) => r.id);
    expect(ids[0]!).toBeGreaterThan(ids[1]!);
    const second = expectOk(
      await s.call<KeysetPage<Row>>('GET', '/sys/log/loginLog', {
        token: admin,
        query: { pageSize: '2', cursor: first.nextCursor! },
      }),
    );
    expect(second.records[0]!.id).toBeLessThan(ids[1]!);
    // Walking every page sees every row once.
    const all = expectOk(
      await s.call<KeysetPage<Row>>('GET', '/sys/log/loginLog', { token: admin, query: { pageSize: '500' } }),
    );
    const walked: number[] = [];
    for (let cursor: string | null | undefined; ; ) {
      const page = expectOk(
        await s.call<KeysetPage<Row>>('GET', '/sys/log/loginLog', {
          token: admin,
          query: { pageSize: '3', ...(cursor ? { cursor } : {}) },
        }),
      );
      walked.push(...page.records.map((r) => r.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(walked.slice(0, all.records.length)).toEqual(all.records.map((r) => r.id));
  });

  it('refuses a cursor that is not a row key, and dates outside 2000–2100', async () => {
    expectFieldError(
      await s.call('GET', '/sys/log/loginLog', { token: admin, query: { cursor: 'abc' } }),
      'cursor',
      'cursor is invalid',
    );
    for (const from of ['300000-01-01', 'not a date', '-1', '2026-02-30']) {
      expectFieldError(
        await s.call('GET', '/sys/log/loginLog', { token: admin, query: { from } }),
        'from',
        'from is invalid',
      );
    }
    for (const from of ['0000-01-01', '1899-12-31', '1999-12-31T23:59:59Z', '2101-01-01', '9999-12-31']) {
      expectFieldError(
        await s.call('GET', '/sys/log/loginLog', { token: admin, query: { from } }),
        'from',
        'from must be a date from 2000-01-01 to 2100-12-31',
      );
    }
    expectOk(
      await s.call('GET', '/sys/log/operationLog', {
        token: admin,
        query: { from: '2026-01-01', to: '2026-12-31 23:59:59' },
      }),
    );
  });

  it('filters by username', async () => {
    const page = expectOk(
      await s.call<KeysetPage<{ username: string; success: boolean }>>('GET', '/sys/log/loginLog', {
        token: admin,
        query: { username: 'agent' },
      }),
    );
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.every((r) => r.username === 'agent')).toBe(true);
    expect(page.records.some((r) => !r.success)).toBe(true);
  });

  it('is refused to a customer with 403 and without a session with 401', async () => {
    const res = await s.call('GET', '/sys/log/loginLog', { token: customer });
    expectError(res, 403, 'NO_OPERATION_PERMISSION');
    const zh = await s.call('GET', '/sys/log/loginLog', { token: customer, locale: ZH });
    expect(zh.body.message).toBe('没有操作权限');
    expectError(await s.call('GET', '/sys/log/loginLog'), 401, 'UNAUTHORIZED');
  });
});
