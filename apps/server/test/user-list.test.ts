import type { Page } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { userId } from './support/api';

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
});
