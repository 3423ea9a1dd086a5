import type { Page } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { expectOk, seededId, text, userId, ZH } from './support/api';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

interface Row {
  username: string;
  companyName: string | null;
  roles: string[];
  status: number;
  hideHeaderItems: boolean;
}

describe('GET /sys/user/list', () => {
  it('lists every user for an administrator with roles and company', async () => {
    const { token } = await s.login('admin');
    const res = await s.call<Page<Row>>('GET', '/sys/user/list', { token, query: { pageSize: '50' } });
    expect(res.body.result.total).toBe(7);
    expect(res.body.result.records.find((u) => u.username === 'agent')).toMatchObject({
      companyName: 'Acme Agency',
      roles: ['agent'],
      status: 1,
    });
    const filtered = await s.call<Page<Row>>('GET', '/sys/user/list', {
      token,
      query: { username: 'custom' },
    });
    expect(filtered.body.result.records.map((u) => u.username)).toEqual([
      'agentcustomer',
      'customer',
      'customer2',
    ]);
  });

  it('finds users by username or real name with one keyword', async () => {
    const { token } = await s.login('admin');
    const find = async (keyword: string) =>
      (
        await s.call<Page<Row>>('GET', '/sys/user/list', { token, query: { keyword, pageSize: '50' } })
      ).body.result.records.map((u) => u.username);
    // By real name only ("Chris Customer", "Casey Customer").
    expect(await find('chris')).toEqual(['customer']);
    expect(await find('Casey')).toEqual(['customer2']);
    expect(await find('Ada Ad')).toEqual(['admin']);
    // By username only (the real name is "Avery Agent-Customer").
    expect(await find('agentcust')).toEqual(['agentcustomer']);
    expect(await find('nobody-here')).toEqual([]);
    // Too long a keyword is refused, not cut.
    const long = await s.call('GET', '/sys/user/list', { token, query: { keyword: 'x'.repeat(65) } });
    expect(long.status).toBe(400);
  });

  it('the header-items flag reaches the user at sign-in', async () => {
    const { token } = await s.login('admin');
    const res = await s.call('PUT', '/sys/user/headerItems', {
      token,
      body: { userId: userId('customer2'), hidden: true },
    });
    expect(res.status).toBe(200);
    expect((await s.login('customer2')).userInfo.hideHeaderItems).toBe(true);
    expect((await s.login('customer')).userInfo.hideHeaderItems).toBe(false);
  });

  it('is refused to users without the permission', async () => {
    const { token } = await s.login('agent');
    expect((await s.call('GET', '/sys/user/list', { token })).status).toBe(403);
  });

  it('is data-scoped: an agent given the Users screen sees and manages only its customers', async () => {
    // The seed gives Users to administrators only; grant it to the agent role here, as an
    // administrator does on the roles screen.
    const { token: admin } = await s.login('admin');
    const agentRole = seededId('role:agent');
    const granted = expectOk(
      await s.call<string[]>('GET', '/sys/permission/queryRolePermission', {
        token: admin,
        query: { roleId: agentRole },
      }),
    );
    const users = ['systemUser', 'userFrozen', 'userEdit'].map((key) => seededId(`menu:${key}`));
    expectOk(
      await s.call('POST', '/sys/permission/saveRolePermission', {
        token: admin,
        body: { roleId: agentRole, permissionIds: [...granted, ...users] },
      }),
    );

    const { token } = await s.login('agent');
    const res = await s.call<Page<Row>>('GET', '/sys/user/list', { token, query: { pageSize: '50' } });
    expect(res.status).toBe(200);
    // Acme Agency and its customer Agency Client Co; not the distributor above it, nor others.
    expect(res.body.result.records.map((u) => u.username)).toEqual(['agent', 'agentcustomer']);
    expect(res.body.result.total).toBe(2);

    const inside = await s.call('PUT', '/sys/user/headerItems', {
      token,
      body: { userId: userId('agentcustomer'), hidden: true },
    });
    expect(inside.status).toBe(200);
    for (const target of ['customer', 'distributor', 'admin']) {
      const outside = await s.call('PUT', '/sys/user/headerItems', {
        token,
        body: { userId: userId(target), hidden: true },
        locale: ZH,
      });
      expect(outside.status).toBe(403);
      expect(outside.body.message).toBe(text('NO_OPERATION_PERMISSION', ZH));
    }
    const freeze = await s.call('PUT', '/sys/user/frozenBatch', {
      token,
      body: { ids: [userId('agentcustomer'), userId('customer')], status: 2 },
    });
    expect(freeze.status).toBe(403);
    expect((await s.login('customer')).token).toBeTruthy();
  });
});
