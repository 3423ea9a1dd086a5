import type { DepartIdTreeNode, DepartRecord, DepartTreeNode, Locale, Page } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { nextOrgCode } from '../src/modules/depart/service';
import {
  companyId,
  departId,
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  insertUser,
  seededId,
  text,
  tokenOf,
  userId,
  ZH,
} from './support/api';
import { apiSuite } from './support/suite';

/** System › Departments: the tree, generated org codes, search, agents, and refused deletes. */

const { s, tokens } = apiSuite(['admin']);
let seq = 0;

const name = (label: string) => {
  seq += 1;
  return `${label} ${Date.now() % 100_000}-${seq}`;
};
const add = (body: Record<string, unknown>, locale: Locale = EN, token = tokens.admin!) =>
  s().call<DepartRecord>('POST', '/sys/sysDepart/add', {
    token,
    locale,
    body: { departNameZh: `${String(body.departName)} 中文`, ...body },
  });
const remove = (id: string, locale: Locale = EN) =>
  s().call('DELETE', '/sys/sysDepart/delete', { token: tokens.admin!, query: { id }, locale });
const tree = async () =>
  expectOk(await s().call<DepartTreeNode[]>('GET', '/sys/sysDepart/queryTreeList', { token: tokens.admin! }));
const flatten = (nodes: { children: unknown[] }[]): DepartTreeNode[] =>
  (nodes as DepartTreeNode[]).flatMap((n) => [n, ...flatten(n.children as DepartTreeNode[])]);

describe('org codes', () => {
  it('takes the segment after the highest of the level, Jeecg style', () => {
    expect(nextOrgCode('', new Set())).toBe('A01');
    expect(nextOrgCode('', new Set(['A01', 'A02']))).toBe('A03');
    expect(nextOrgCode('A01', new Set(['A01', 'A02']))).toBe('A01A01');
    expect(nextOrgCode('A01', new Set(['A01A01', 'A01A05']))).toBe('A01A06');
    expect(nextOrgCode('', new Set(['A99']))).toBe('B01');
    // A gap below the highest is not reused before the codes above it run out.
    expect(nextOrgCode('', new Set(['A01', 'A03']))).toBe('A04');
  });
});

describe('GET /sys/sysDepart/queryTreeList and queryIdTree', () => {
  it('answers the seeded tree with both names, agent and member counts', async () => {
    const all = flatten(await tree());
    const a04 = all.find((d) => d.orgCode === 'A04')!;
    expect(a04).toMatchObject({
      parentId: null,
      departName: 'Northwind Distribution',
      departNameZh: '北风分销',
      agentId: companyId('Northwind Distribution'),
      agentName: 'Northwind Distribution',
    });
    expect(a04.children.map((c) => c.orgCode)).toEqual(['A05']);
    expect(a04.children[0]!.children.map((c) => c.orgCode)).toEqual(['A08']);
    expect(all.find((d) => d.orgCode === 'A02')!.userCount).toBeGreaterThanOrEqual(1);
  });

  it('names the nodes of a tree select in the caller’s language', async () => {
    const zh = expectOk(
      await s().call<DepartIdTreeNode[]>('GET', '/sys/sysDepart/queryIdTree', {
        token: tokens.admin!,
        locale: ZH,
      }),
    );
    const a01 = zh.find((d) => d.orgCode === 'A01')!;
    expect(a01).toMatchObject({ key: departId('A01'), value: departId('A01'), title: '平台运营部' });
    expect(a01.children.map((c) => c.title)).toEqual(expect.arrayContaining(['华东销售部', '华西销售部']));
    const en = expectOk(
      await s().call<DepartIdTreeNode[]>('GET', '/sys/sysDepart/queryIdTree', { token: tokens.admin! }),
    );
    expect(en.find((d) => d.orgCode === 'A01')!.title).toBe('Platform Operations');
  });

  it('is refused to a customer', async () => {
    const customer = await tokenOf(s(), 'customer');
    expectError(
      await s().call('GET', '/sys/sysDepart/queryTreeList', { token: customer }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });
});

describe('POST /sys/sysDepart/add and PUT edit', () => {
  it('generates the org codes of a new top-level department and of its children', async () => {
    const top = expectOk(await add({ departName: name('Top') }));
    expect(top.orgCode).toMatch(/^[A-Z]\d{2}$/);
    expect(top.parentId).toBeNull();
    const first = expectOk(await add({ departName: name('Child'), parentId: top.id }));
    const second = expectOk(await add({ departName: name('Child'), parentId: top.id }));
    expect(first.orgCode).toBe(`${top.orgCode}A01`);
    expect(second.orgCode).toBe(`${top.orgCode}A02`);
    const grandchild = expectOk(await add({ departName: name('Grandchild'), parentId: first.id }));
    expect(grandchild.orgCode).toBe(`${top.orgCode}A01A01`);
    const node = flatten(await tree()).find((d) => d.id === top.id)!;
    expect(node.children.map((c) => c.orgCode)).toEqual([first.orgCode, second.orgCode]);
  });

  it('carries an agent-type company; refuses any other company', async () => {
    const agent = expectOk(await add({ departName: name('Agent desk'), agentId: companyId('Acme Agency') }));
    expect(agent).toMatchObject({ agentId: companyId('Acme Agency'), agentName: 'Acme Agency' });
    expectError(
      await add({ departName: name('Wrong'), agentId: companyId('Direct Retail Ltd') }, ZH),
      400,
      'DEPART_AGENT_NOT_AGENT',
      { locale: ZH },
    );
  });

  it('validates the names and the parent', async () => {
    expectFieldError(
      await add({ departName: '' }),
      'departName',
      text('FIELD_REQUIRED', EN, { field: 'departName' }),
    );
    expectError(
      await add({ departName: name('Orphan'), parentId: '00000000-0000-4000-8000-000000000003' }),
      404,
      'DEPART_NOT_FOUND',
    );
  });

  it('edits names, agent and sort; the org code stays', async () => {
    const made = expectOk(await add({ departName: name('Before') }));
    const edited = expectOk(
      await s().call<DepartRecord>('PUT', '/sys/sysDepart/edit', {
        token: tokens.admin!,
        body: { id: made.id, departName: 'After', departNameZh: '之后', sortNo: 7 },
      }),
    );
    expect(edited).toMatchObject({
      departName: 'After',
      departNameZh: '之后',
      sortNo: 7,
      orgCode: made.orgCode,
    });
  });
});

describe('GET /sys/sysDepart/searchBy and list', () => {
  it('answers the matching departments with the branches above them', async () => {
    const top = expectOk(await add({ departName: name('Searchroot') }));
    const label = name('Needle');
    const child = expectOk(await add({ departName: label, parentId: top.id }));
    expectOk(await add({ departName: name('Other'), parentId: top.id }));
    const found = expectOk(
      await s().call<DepartTreeNode[]>('GET', '/sys/sysDepart/searchBy', {
        token: tokens.admin!,
        query: { keyWord: label.toUpperCase() },
      }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.id).toBe(top.id);
    expect(found[0]!.children.map((c) => c.id)).toEqual([child.id]);
    const zh = expectOk(
      await s().call<DepartTreeNode[]>('GET', '/sys/sysDepart/searchBy', {
        token: tokens.admin!,
        query: { keyWord: '华东' },
      }),
    );
    expect(flatten(zh).map((d) => d.orgCode)).toEqual(['A01', 'A02']);
    expect(
      (await s().call('GET', '/sys/sysDepart/searchBy', { token: tokens.admin!, query: { keyWord: '' } }))
        .status,
    ).toBe(400);
  });

  it('pages a flat list with a name search, a parent filter and a sort', async () => {
    const page = expectOk(
      await s().call<Page<DepartRecord>>('GET', '/sys/sysDepart/list', {
        token: tokens.admin!,
        query: { parentId: departId('A01'), column: 'orgCode', order: 'desc' },
      }),
    );
    expect(page.records.map((d) => d.orgCode).slice(-2)).toEqual(['A03', 'A02']);
    const searched = expectOk(
      await s().call<Page<DepartRecord>>('GET', '/sys/sysDepart/list', {
        token: tokens.admin!,
        query: { keyword: '北风' },
      }),
    );
    expect(searched.records.map((d) => d.orgCode)).toEqual(['A04']);
    expectError(
      await s().call('GET', '/sys/sysDepart/list', { token: tokens.admin!, query: { column: 'nope' } }),
      400,
      'SORT_COLUMN_INVALID',
      { params: { column: 'nope' } },
    );
  });
});

describe('GET /sys/sysDepart/queryAgentCustomerList', () => {
  it('answers the departments right under the agent’s', async () => {
    const list = expectOk(
      await s().call<DepartRecord[]>('GET', '/sys/sysDepart/queryAgentCustomerList', {
        token: tokens.admin!,
        query: { agentId: companyId('Acme Agency') },
      }),
    );
    expect(list.map((d) => d.orgCode)).toContain('A08');
    expect(list.every((d) => d.orgCode !== 'A05')).toBe(true);
  });
});

describe('DELETE /sys/sysDepart/delete', () => {
  it('refuses while sub-departments remain, saying so in the caller’s language', async () => {
    const top = expectOk(await add({ departName: name('Parent') }));
    const child = expectOk(await add({ departName: name('Kid'), parentId: top.id }));
    expectError(await remove(top.id), 409, 'DEPART_HAS_CHILDREN', { params: { count: 1 } });
    expectError(await remove(top.id, ZH), 409, 'DEPART_HAS_CHILDREN', { locale: ZH, params: { count: 1 } });
    expectOk(await remove(child.id));
    expectOk(await remove(top.id));
    expect(flatten(await tree()).some((d) => d.id === top.id)).toBe(false);
    expectError(await remove(top.id), 404, 'DEPART_NOT_FOUND');
  });

  it('refuses while users remain', async () => {
    const made = expectOk(await add({ departName: name('Staffed') }));
    await insertUser(s(), { username: name('member').replace(/\W/g, '_'), departments: [made.orgCode] });
    expectError(await remove(made.id, ZH), 409, 'DEPART_HAS_USERS', { locale: ZH, params: { count: 1 } });
    expectError(await remove(departId('A01')), 409, 'DEPART_HAS_CHILDREN', { message: false });
  });

  it('deletes a parent with its children in one batch, and logs the change', async () => {
    const top = expectOk(await add({ departName: name('Batch') }));
    const child = expectOk(await add({ departName: name('Batch kid'), parentId: top.id }));
    expect(
      expectOk(
        await s().call('DELETE', '/sys/sysDepart/deleteBatch', {
          token: tokens.admin!,
          query: { ids: `${top.id},${child.id}` },
        }),
      ),
    ).toEqual({ deleted: 2 });
    await eventually(async () => {
      const page = expectOk(
        await s().call<{ records: { route: string; action: string | null }[] }>(
          'GET',
          '/sys/log/operationLog',
          {
            token: tokens.admin!,
            query: { username: 'admin', pageSize: '200' },
          },
        ),
      );
      expect(page.records).toContainEqual(
        expect.objectContaining({ route: '/api/sys/sysDepart/deleteBatch', action: 'system:depart:delete' }),
      );
    });
  });
});

describe('what a caller below the platform sees', () => {
  it('sees the departments of agents in its scope and those with members of its companies, with what is under them', async () => {
    // A role that may read the department tree, given to a customer (scope: its own company).
    const role = expectOk(
      await s().call<{ id: string }>('POST', '/sys/role/add', {
        token: tokens.admin!,
        body: { roleCode: `dv${seq}`, roleName: `Departments ${seq}`, roleNameZh: `部门 ${seq}` },
      }),
    );
    expectOk(
      await s().call('POST', '/sys/permission/saveRolePermission', {
        token: tokens.admin!,
        body: { roleId: role.id, permissionIds: [seededId('menu:system'), seededId('menu:systemDepart')] },
      }),
    );
    expectOk(
      await s().call('POST', '/sys/role/addUsers', {
        token: tokens.admin!,
        body: { roleId: role.id, userIds: [userId('customer'), userId('distributor')] },
      }),
    );
    const seen = async (username: string) =>
      flatten(
        expectOk(
          await s().call<DepartTreeNode[]>('GET', '/sys/sysDepart/queryTreeList', {
            token: await tokenOf(s(), username),
          }),
        ),
      )
        .map((d) => d.orgCode)
        .filter((code) => code.length === 3)
        .sort();

    // The customer's department has no agent: it is seen for its member of the customer's company.
    expect(await seen('customer')).toEqual(['A06']);
    // The distributor's own agency, its agent below it and that agent's customer (and any added
    // under an agent of its scope by the tests above), none of the others.
    const distributor = await seen('distributor');
    expect(distributor).toEqual(expect.arrayContaining(['A04', 'A05', 'A08']));
    for (const other of ['A01', 'A02', 'A06', 'A07']) expect(distributor).not.toContain(other);

    expectOk(
      await s().call('DELETE', '/sys/role/removeUsers', {
        token: tokens.admin!,
        query: { roleId: role.id, userIds: `${userId('customer')},${userId('distributor')}` },
      }),
    );
  });
});
