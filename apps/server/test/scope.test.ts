import type { Page } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../src/db/seed/index';
import { startServer, type TestServer } from './harness';
import { expectOk, insertUser } from './support/api';

/**
 * Two agents, each with a customer, must not see each other's companies; customers see only
 * their own; a distributor sees its agent's customers; staff see everything.
 */
let s: TestServer;
const ids: Record<string, string> = {};

async function addCompany(name: string, type: 'direct' | 'two-way' | 'agent', parent?: string) {
  const row = await s.app.services.companies.create({
    name,
    type,
    approvalStatus: 'approved',
    parentCompanyId: parent ? ids[parent] : null,
  });
  ids[name] = row.id;
}

async function addUser(username: string, role: string, company: string) {
  await insertUser(s, {
    username,
    roles: [role],
    companyId: ids[company] ?? null,
    orgCode: 'A06',
    departments: ['A06'],
  });
}

async function visible(username: string) {
  const { token } = await s.login(username);
  const res = await s.call<Page<{ name: string }>>('GET', '/sys/company/list', {
    token,
    query: { pageSize: '100' },
  });
  expect(res.status).toBe(200);
  return res.body.result.records.map((r) => r.name).sort();
}

beforeAll(async () => {
  s = await startServer();
  await addCompany('Agent One', 'agent');
  await addCompany('Agent Two', 'agent');
  await addCompany('Customer of One', 'direct', 'Agent One');
  await addCompany('Customer of Two', 'direct', 'Agent Two');
  await addUser('agent1', 'agent', 'Agent One');
  await addUser('agent2', 'agent', 'Agent Two');
  await addUser('cust1', 'customer', 'Customer of One');
  await addUser('cust2', 'customer', 'Customer of Two');
});
afterAll(() => s.close());

describe('data scope', () => {
  it('an agent sees its own company and its customers only', async () => {
    expect(await visible('agent1')).toEqual(['Agent One', 'Customer of One']);
    expect(await visible('agent2')).toEqual(['Agent Two', 'Customer of Two']);
  });

  it('a customer sees only its own company', async () => {
    expect(await visible('cust1')).toEqual(['Customer of One']);
    expect(await visible('cust2')).toEqual(['Customer of Two']);
  });

  it("a distributor sees its agents' customers too", async () => {
    expect(await visible('distributor')).toEqual([
      'Acme Agency',
      'Agency Client Co',
      'Northwind Distribution',
    ]);
  });

  it('administrators see every company; sales the companies assigned to them and their subtrees', async () => {
    const all = await visible('admin');
    expect(all).toEqual(
      expect.arrayContaining(['Agent One', 'Agent Two', 'Customer of One', 'Direct Retail Ltd']),
    );
    const before = await visible('sales');
    // The demo seed assigns the direct customers to sales; these test companies are nobody's yet.
    expect(before).toContain('Direct Retail Ltd');
    expect(before).not.toContain('Agent One');
    await s.app.services.companies.update(ids['Agent One']!, { salesUserId: stableId('user:sales') });
    const assigned = await visible('sales');
    expect(assigned).toEqual(expect.arrayContaining(['Agent One', 'Customer of One']));
    expect(assigned).not.toContain('Agent Two');
    expect(assigned).not.toContain('Customer of Two');
  });

  it("an agent cannot change another agent's customer", async () => {
    // Give agents the whitelist button for this test only, as an administrator does.
    const admin = (await s.login('admin')).token;
    const agentRole = stableId('role:agent');
    const granted = expectOk(
      await s.call<string[]>('GET', '/sys/permission/queryRolePermission', {
        token: admin,
        query: { roleId: agentRole },
      }),
    );
    expectOk(
      await s.call('POST', '/sys/permission/saveRolePermission', {
        token: admin,
        body: { roleId: agentRole, permissionIds: [...granted, stableId('menu:companyIpWhitelist')] },
      }),
    );
    const { token } = await s.login('agent1');
    const foreign = await s.call('PUT', '/sys/company/ipWhitelist', {
      token,
      body: { companyId: ids['Customer of Two'], rules: ['10.0.0.1'] },
    });
    expect(foreign.status).toBe(403);
    const own = await s.call('PUT', '/sys/company/ipWhitelist', {
      token,
      body: { companyId: ids['Customer of One'], rules: ['10.0.0.1'] },
    });
    expect(own.status).toBe(200);
  });
});
