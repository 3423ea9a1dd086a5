import type { DepartInfo, Department, LoginResult, UserInfo } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import {
  companyId,
  departId,
  expectError,
  expectFieldError,
  expectOk,
  insertUser,
  tokenOf,
  userId,
  ZH,
} from './support/api';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const departInfo = (token: string, id?: string) =>
  s.call<DepartInfo>('GET', '/sys/sysDepart/getDepartInfo', { token, ...(id ? { query: { id } } : {}) });
const currentDeparts = (token: string) =>
  s.call<{ list: Department[]; orgCode: string | null }>('GET', '/sys/user/getCurrentUserDeparts', { token });
const selectDepart = (token: string, body: unknown, locale?: string) =>
  s.call<{ userInfo: UserInfo }>('POST', '/sys/selectDepart', { token, body, ...(locale ? { locale } : {}) });

describe('GET /sys/sysDepart/getDepartInfo', () => {
  it("gives an agent its agency's id", async () => {
    const token = await tokenOf(s, 'agent');
    const info = expectOk(await departInfo(token, userId('agent')));
    expect(info).toEqual({
      agentId: companyId('Acme Agency'),
      departName: 'Acme Agency',
      departNameZh: '极致代理',
      orgCode: 'A05',
    });
  });

  it('gives a distributor its own company', async () => {
    const token = await tokenOf(s, 'distributor');
    expect(expectOk(await departInfo(token, userId('distributor'))).agentId).toBe(
      companyId('Northwind Distribution'),
    );
  });

  it('gives a customer agentId null', async () => {
    const token = await tokenOf(s, 'customer');
    const info = expectOk(await departInfo(token, userId('customer')));
    expect(info).toEqual({
      agentId: null,
      departName: 'Direct Retail Ltd',
      departNameZh: '直营零售有限公司',
      orgCode: 'A06',
    });
    // Without id: one's own.
    expect(expectOk(await departInfo(token))).toEqual(info);
  });

  it("refuses another user's id with 403", async () => {
    const token = await tokenOf(s, 'customer');
    const res = await departInfo(token, userId('agent'));
    expectError(res, 403, 'NO_OPERATION_PERMISSION');
    const zh = await s.call('GET', '/sys/sysDepart/getDepartInfo', {
      token,
      locale: ZH,
      query: { id: userId('agent') },
    });
    expect(zh.body.message).toBe('没有操作权限');
  });

  it('needs a session', async () => {
    expectError(
      await s.call('GET', '/sys/sysDepart/getDepartInfo', { query: { id: userId('agent') } }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('GET /sys/user/getCurrentUserDeparts', () => {
  it('gives {list, orgCode} for a user with one department', async () => {
    const token = await tokenOf(s, 'agent');
    expect(expectOk(await currentDeparts(token))).toEqual({
      list: [
        {
          id: departId('A05'),
          departName: 'Acme Agency',
          departNameZh: '极致代理',
          orgCode: 'A05',
          parentId: departId('A04'),
          agentId: companyId('Acme Agency'),
        },
      ],
      orgCode: 'A05',
    });
  });

  it('gives sales two departments and no current one', async () => {
    const res = await s.call<LoginResult>('POST', '/sys/login', {
      body: { username: 'sales', password: DEMO_PASSWORD },
    });
    const login = expectOk(res);
    expect(login.multiDepart).toBe(true);
    expect(login.userInfo.orgCode).toBeNull();
    expect(login.departs.map((d) => d.orgCode)).toEqual(['A02', 'A03']);
    const result = expectOk(await currentDeparts(login.token));
    expect(result.orgCode).toBeNull();
    // Both names: the console shows the one of the reader's language (issue 28 item 5).
    expect(result.list.map((d) => [d.orgCode, d.departName, d.departNameZh])).toEqual([
      ['A02', 'Sales East', '华东销售部'],
      ['A03', 'Sales West', '华西销售部'],
    ]);
    // No current department yet: nothing to tell.
    expect(expectOk(await departInfo(login.token))).toEqual({
      agentId: null,
      departName: null,
      departNameZh: null,
      orgCode: null,
    });
  });
});

describe('POST /sys/selectDepart', () => {
  it('sets the current department of sales', async () => {
    const token = await tokenOf(s, 'sales');
    const res = await selectDepart(token, { orgCode: 'A03', username: 'sales' });
    const { userInfo } = expectOk(res);
    expect(userInfo).toMatchObject({
      id: userId('sales'),
      username: 'sales',
      orgCode: 'A03',
      isAdmin: false,
      roles: ['sales'],
    });
    expect(expectOk(await currentDeparts(token)).orgCode).toBe('A03');
    expect(expectOk(await departInfo(token))).toEqual({
      agentId: null,
      departName: 'Sales West',
      departNameZh: '华西销售部',
      orgCode: 'A03',
    });
    // The next login no longer asks for a department.
    const again = expectOk(
      await s.call<LoginResult>('POST', '/sys/login', {
        body: { username: 'sales', password: DEMO_PASSWORD },
      }),
    );
    expect(again.multiDepart).toBe(false);
    expect(again.userInfo.orgCode).toBe('A03');
    // And it can be switched back, without a username.
    expect(expectOk(await selectDepart(token, { orgCode: 'A02' })).userInfo.orgCode).toBe('A02');
  });

  it('refuses a department one does not belong to (403 DEPARTMENT_NOT_YOURS)', async () => {
    const token = await tokenOf(s, 'sales');
    const res = await selectDepart(token, { orgCode: 'A05', username: 'sales' });
    expectError(res, 403, 'DEPARTMENT_NOT_YOURS');
    expect(res.body.message).toBe('You do not belong to this department');
    const zh = await selectDepart(token, { orgCode: 'NOPE', username: 'sales' }, ZH);
    expectError(zh, 403, 'DEPARTMENT_NOT_YOURS', { locale: ZH });
    expect(zh.body.message).toBe('您不属于该部门');
    expect(expectOk(await currentDeparts(token)).orgCode).toBe('A02');
  });

  it("refuses to set someone else's department", async () => {
    const token = await tokenOf(s, 'sales');
    expectError(
      await selectDepart(token, { orgCode: 'A06', username: 'customer' }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expect(expectOk(await currentDeparts(await tokenOf(s, 'customer'))).orgCode).toBe('A06');
  });

  it('tells a user without departments so', async () => {
    await insertUser(s, { username: 'no-depart', roles: ['customer'] });
    const login = expectOk(
      await s.call<LoginResult>('POST', '/sys/login', {
        body: { username: 'no-depart', password: DEMO_PASSWORD },
      }),
    );
    expect(login.departs).toEqual([]);
    expect(login.multiDepart).toBe(false);
    expect(expectOk(await currentDeparts(login.token))).toEqual({ list: [], orgCode: null });
    const res = await selectDepart(login.token, { orgCode: 'A06', username: 'no-depart' });
    expectError(res, 400, 'NO_DEPARTMENT');
    expect(res.body.message).toBe('You have not set department information');
    const zh = await s.call('POST', '/sys/selectDepart', {
      token: login.token,
      headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' },
      body: { orgCode: 'A06' },
    });
    expect(zh.body.message).toBe('您尚未设置部门信息');
  });

  it('validates the body', async () => {
    const token = await tokenOf(s, 'sales');
    expectFieldError(await selectDepart(token, {}), 'orgCode', 'orgCode is required');
    expectFieldError(await selectDepart(token, { orgCode: 7 }), 'orgCode', 'orgCode has the wrong type');
    expectError(await selectDepart('', { orgCode: 'A02' }), 401, 'UNAUTHORIZED');
  });
});
