import type {
  DataRuleRecord,
  GrantTreeNode,
  KeysetPage,
  MenuItem,
  Page,
  PermissionTree,
  RoleDataRules,
  RoleRecord,
  RoleUser,
  UserPermissions,
} from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import {
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  insertUser,
  seededId,
  tokenOf,
  userId,
  ZH,
} from './support/api';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await tokenOf(s, 'admin');
});
afterAll(() => s.close());

const menuId = (key: string) => seededId(`menu:${key}`);
const roleIdOf = (code: string) => seededId(`role:${code}`);
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${seq++}`;

async function addRole(code = unique('r'), token = admin): Promise<RoleRecord> {
  return expectOk(
    await s.call<RoleRecord>('POST', '/sys/role/add', {
      token,
      body: { roleCode: code, roleName: `Role ${code}`, roleNameZh: `角色${code}`, description: 'test' },
    }),
  );
}

const grant = async (roleId: string, permissionIds: string[], lastPermissionIds?: string[]) =>
  expectOk(
    await s.call<string[]>('POST', '/sys/permission/saveRolePermission', {
      token: admin,
      body: { roleId, permissionIds, ...(lastPermissionIds ? { lastPermissionIds } : {}) },
    }),
  );

const addUsers = async (roleId: string, userIds: string[]) =>
  expectOk(
    await s.call<{ count: number }>('POST', '/sys/role/addUsers', {
      token: admin,
      body: { roleId, userIds },
    }),
  );

/**
 * A role holding `permissionIds`, and a fresh user holding it (and `alsoRoles`), signed in. A user
 * without a company sees no company's rows unless a staff role gives it all (platform/scope).
 */
async function roleWithUser(permissionIds: string[], alsoRoles: string[] = []) {
  const role = await addRole();
  await grant(role.id, permissionIds);
  const username = unique('u');
  const id = await insertUser(s, { username, roles: alsoRoles });
  await addUsers(role.id, [id]);
  return { role, userId: id, username, token: await tokenOf(s, username) };
}

const menuOf = async (token: string) =>
  expectOk(await s.call<UserPermissions>('GET', '/sys/permission/getUserPermissionByToken', { token }));
const names = (items: MenuItem[]): string[] => items.flatMap((m) => [m.name, ...names(m.children ?? [])]);

describe('roles: list, add, edit', () => {
  it('lists the built-in roles with their user counts, filtered by name and code', async () => {
    const page = expectOk(
      await s.call<Page<RoleRecord>>('GET', '/sys/role/list', { token: admin, query: { pageSize: '100' } }),
    );
    const adminRole = page.records.find((r) => r.roleCode === 'admin');
    expect(adminRole).toMatchObject({ builtIn: true, roleName: 'Administrator', roleNameZh: '管理员' });
    expect(adminRole?.userCount).toBeGreaterThanOrEqual(1);
    const byName = expectOk(
      await s.call<Page<RoleRecord>>('GET', '/sys/role/list', { token: admin, query: { roleName: '分销' } }),
    );
    expect(byName.records.map((r) => r.roleCode)).toEqual(['distributor']);
    const byCode = expectOk(
      await s.call<Page<RoleRecord>>('GET', '/sys/role/list', { token: admin, query: { roleCode: 'CUST' } }),
    );
    expect(byCode.records.map((r) => r.roleCode)).toEqual(['customer']);
    const sorted = expectOk(
      await s.call<Page<RoleRecord>>('GET', '/sys/role/list', {
        token: admin,
        query: { roleCode: 'a', column: 'roleCode', order: 'desc' },
      }),
    );
    expect(sorted.records.map((r) => r.roleCode)).toEqual(
      [...sorted.records.map((r) => r.roleCode)].sort().reverse(),
    );
    expectError(
      await s.call('GET', '/sys/role/list', { token: admin, query: { column: 'password' } }),
      400,
      'SORT_COLUMN_INVALID',
      { message: false },
    );
  });

  it('adds, reads and edits a role; the code stays unique, checked live and on save', async () => {
    const code = unique('ops');
    const role = await addRole(code);
    expect(role).toMatchObject({ roleCode: code, builtIn: false, userCount: 0, description: 'test' });
    expect(
      expectOk(
        await s.call<RoleRecord>('GET', '/sys/role/queryById', { token: admin, query: { id: role.id } }),
      ),
    ).toMatchObject({ roleCode: code });

    // Live check: free, taken (both languages), and free again for the role itself.
    expectOk(
      await s.call('GET', '/sys/role/checkRoleCode', { token: admin, query: { roleCode: unique('free') } }),
    );
    expectError(
      await s.call('GET', '/sys/role/checkRoleCode', { token: admin, query: { roleCode: code } }),
      409,
      'ROLE_CODE_TAKEN',
      { params: { code } },
    );
    expectError(
      await s.call('GET', '/sys/role/checkRoleCode', {
        token: admin,
        locale: ZH,
        query: { roleCode: 'admin' },
      }),
      409,
      'ROLE_CODE_TAKEN',
      { locale: ZH, params: { code: 'admin' } },
    );
    expectOk(
      await s.call('GET', '/sys/role/checkRoleCode', {
        token: admin,
        query: { roleCode: code, id: role.id },
      }),
    );

    // On save.
    expectError(
      await s.call('POST', '/sys/role/add', {
        token: admin,
        body: { roleCode: code, roleName: 'Dup', roleNameZh: '重复' },
      }),
      409,
      'ROLE_CODE_TAKEN',
      { params: { code } },
    );
    const edited = expectOk(
      await s.call<RoleRecord>('PUT', '/sys/role/edit', {
        token: admin,
        body: {
          id: role.id,
          roleCode: `${code}x`,
          roleName: 'Operators',
          roleNameZh: '运维',
          description: '',
        },
      }),
    );
    expect(edited).toMatchObject({ roleCode: `${code}x`, roleName: 'Operators', description: null });
    expectError(
      await s.call('PUT', '/sys/role/edit', {
        token: admin,
        body: { id: role.id, roleCode: 'sales', roleName: 'x', roleNameZh: 'x' },
      }),
      409,
      'ROLE_CODE_TAKEN',
      { params: { code: 'sales' } },
    );
  });

  it('refuses bad input with the field named', async () => {
    expectFieldError(
      await s.call('POST', '/sys/role/add', {
        token: admin,
        body: { roleCode: '1 bad', roleName: 'x', roleNameZh: 'x' },
      }),
      'roleCode',
      /invalid/i,
    );
    expectFieldError(
      await s.call('POST', '/sys/role/add', {
        token: admin,
        body: { roleCode: 'okcode', roleName: '', roleNameZh: 'x' },
      }),
      'roleName',
      /required/i,
    );
  });

  it('keeps the code of a built-in role', async () => {
    expectError(
      await s.call('PUT', '/sys/role/edit', {
        token: admin,
        body: { id: roleIdOf('sales'), roleCode: 'sellers', roleName: 'Sales', roleNameZh: '销售' },
      }),
      409,
      'ROLE_BUILT_IN_CODE',
      { params: { code: 'sales' } },
    );
    // Its names may change.
    expectOk(
      await s.call('PUT', '/sys/role/edit', {
        token: admin,
        body: {
          id: roleIdOf('sales'),
          roleCode: 'sales',
          roleName: 'Sales',
          roleNameZh: '销售',
          description: 'staff',
        },
      }),
    );
  });
});

describe('roles: delete', () => {
  it('refuses a built-in role, in both languages', async () => {
    expectError(
      await s.call('DELETE', '/sys/role/delete', { token: admin, query: { id: roleIdOf('agent') } }),
      409,
      'ROLE_BUILT_IN',
      { params: { code: 'agent' } },
    );
    expectError(
      await s.call('DELETE', '/sys/role/delete', {
        token: admin,
        locale: ZH,
        query: { id: roleIdOf('agent') },
      }),
      409,
      'ROLE_BUILT_IN',
      { locale: ZH, params: { code: 'agent' } },
    );
  });

  it('refuses a role users hold, saying how many; deletes it once they are removed', async () => {
    const { role, userId: holder } = await roleWithUser([]);
    expectError(
      await s.call('DELETE', '/sys/role/delete', { token: admin, query: { id: role.id } }),
      409,
      'ROLE_IN_USE',
      { params: { code: role.roleCode, count: 1 } },
    );
    expectError(
      await s.call('DELETE', '/sys/role/delete', { token: admin, locale: ZH, query: { id: role.id } }),
      409,
      'ROLE_IN_USE',
      { locale: ZH, params: { code: role.roleCode, count: 1 } },
    );
    expectOk(
      await s.call('DELETE', '/sys/role/removeUsers', {
        token: admin,
        query: { roleId: role.id, userIds: holder },
      }),
    );
    expectOk(await s.call('DELETE', '/sys/role/delete', { token: admin, query: { id: role.id } }));
    expectError(
      await s.call('GET', '/sys/role/queryById', { token: admin, query: { id: role.id } }),
      404,
      'ROLE_NOT_FOUND',
    );
  });

  it('deletes a batch all or none', async () => {
    const a = await addRole();
    const b = await addRole();
    expectError(
      await s.call('DELETE', '/sys/role/deleteBatch', {
        token: admin,
        query: { ids: `${a.id},${roleIdOf('customer')}` },
      }),
      409,
      'ROLE_BUILT_IN',
      { params: { code: 'customer' } },
    );
    expectOk(await s.call('GET', '/sys/role/queryById', { token: admin, query: { id: a.id } }));
    expect(
      expectOk(
        await s.call<{ deleted: number }>('DELETE', '/sys/role/deleteBatch', {
          token: admin,
          query: { ids: `${a.id},${b.id}` },
        }),
      ),
    ).toEqual({ deleted: 2 });
  });

  it('writes the operation log for every change', async () => {
    const role = await addRole();
    await eventually(async () => {
      const page = expectOk(
        await s.call<KeysetPage<{ route: string; action: string | null; statusCode: number }>>(
          'GET',
          '/sys/log/operationLog',
          { token: admin, query: { username: 'admin', pageSize: '50' } },
        ),
      );
      expect(page.records).toContainEqual(
        expect.objectContaining({ route: '/api/sys/role/add', action: 'system:role:add', statusCode: 200 }),
      );
    });
    await grant(role.id, [menuId('home')]);
    await eventually(async () => {
      const page = expectOk(
        await s.call<KeysetPage<{ route: string; action: string | null }>>('GET', '/sys/log/operationLog', {
          token: admin,
          query: { username: 'admin', pageSize: '50' },
        }),
      );
      expect(page.records).toContainEqual(
        expect.objectContaining({
          route: '/api/sys/permission/saveRolePermission',
          action: 'system:role:authorize',
        }),
      );
    });
  });
});

describe('access', () => {
  it('refuses role administration to a non-administrator', async () => {
    const customer = await tokenOf(s, 'customer');
    for (const [method, path] of [
      ['GET', '/sys/role/list'],
      ['GET', '/sys/role/queryTreeList'],
      ['GET', '/sys/role/checkRoleCode?roleCode=x'],
      ['POST', '/sys/role/add'],
      ['POST', '/sys/permission/saveRolePermission'],
      ['POST', '/sys/permission/addPermissionRule'],
      ['GET', `/sys/role/userList?roleId=${roleIdOf('customer')}`],
    ] as const) {
      expectError(
        await s.call(method, path, { token: customer, ...(method === 'GET' ? {} : { body: {} }) }),
        403,
        'NO_OPERATION_PERMISSION',
      );
    }
  });
});

describe('the administrator role cannot lock itself out', () => {
  it('refuses grants of the admin role without System › Roles and its authorization, in both languages', async () => {
    const admins = roleIdOf('admin');
    const granted = expectOk(
      await s.call<string[]>('GET', '/sys/permission/queryRolePermission', {
        token: admin,
        query: { roleId: admins },
      }),
    );
    const rows = await s.app.services.roleRecords.allPermissions();
    const idOf = (code: string) => rows.find((r) => r.perms === code)!.id;
    for (const code of ['system:role:authorize', 'system:role:list']) {
      const without = granted.filter((id) => id !== idOf(code));
      const res = await s.call('POST', '/sys/permission/saveRolePermission', {
        token: admin,
        body: { roleId: admins, permissionIds: without },
        locale: ZH,
      });
      expectError(res, 400, 'ROLE_ADMIN_LOCKOUT', { locale: ZH });
    }
    // The rest of its grants can change: one button less, then back.
    const other = idOf('system:user:frozen');
    expect(
      await grant(
        admins,
        granted.filter((id) => id !== other),
      ),
    ).not.toContain(other);
    expect(await grant(admins, granted)).toContain(other);
  });
});

describe('the authorization tree and grants', () => {
  it('answers the whole tree with each button’s type', async () => {
    const tree = expectOk(await s.call<PermissionTree>('GET', '/sys/role/queryTreeList', { token: admin }));
    const system = tree.treeList.find((n) => n.key === menuId('system'));
    expect(system).toMatchObject({ menuType: 0, titleKey: 'menu.system' });
    const users = system?.children?.find((n) => n.key === menuId('systemUser')) as GrantTreeNode;
    expect(users).toMatchObject({ menuType: 1, perms: 'system:user:list', dataRules: true });
    expect(users.children?.find((b) => b.perms === 'system:user:edit')).toMatchObject({
      menuType: 2,
      permsType: '2',
    });
    expect(users.children?.find((b) => b.perms === 'system:user:frozen')).toMatchObject({
      menuType: 2,
      permsType: '1',
    });
    const roles = system?.children?.find((n) => n.key === menuId('systemRole'));
    expect(roles?.children?.map((b) => b.perms)).toEqual([
      'system:role:add',
      'system:role:edit',
      'system:role:delete',
      'system:role:authorize',
      'system:role:users',
    ]);
    expect(system?.dataRules).toBe(false);
    expect(tree.ids).toContain(menuId('systemRole'));
  });

  it('titles the buttons in the reader’s language (issue 28 item 5)', async () => {
    const buttonOf = (tree: PermissionTree) =>
      tree.treeList
        .find((n) => n.key === menuId('system'))
        ?.children?.find((n) => n.key === menuId('systemUser'))
        ?.children?.find((b) => b.perms === 'system:user:frozen');
    const en = expectOk(await s.call<PermissionTree>('GET', '/sys/role/queryTreeList', { token: admin }));
    expect(buttonOf(en)?.title).toBe('Freeze / thaw');
    const zh = expectOk(
      await s.call<PermissionTree>('GET', '/sys/role/queryTreeList', { token: admin, locale: ZH }),
    );
    expect(buttonOf(zh)?.title).toBe('冻结 / 解冻');
  });

  it('gives a role exactly the menus and buttons saved; a user’s menu follows on the next load', async () => {
    const {
      role,
      token,
      userId: holder,
    } = await roleWithUser([menuId('system'), menuId('systemUser'), menuId('userEdit')]);
    expect(
      expectOk(
        await s.call<string[]>('GET', '/sys/role/getUserRoleById', {
          token: admin,
          query: { userId: holder },
        }),
      ),
    ).toEqual([role.id]);
    expect(
      new Set(
        expectOk(
          await s.call<string[]>('GET', '/sys/permission/queryRolePermission', {
            token: admin,
            query: { roleId: role.id },
          }),
        ),
      ),
    ).toEqual(new Set([menuId('system'), menuId('systemUser'), menuId('userEdit')]));

    let menu = await menuOf(token);
    expect(names(menu.menu)).toEqual(['system', 'systemUser']);
    expect(menu.auth.map((a) => [a.action, a.type])).toEqual([['system:user:edit', '2']]);
    expectOk(await s.call('GET', '/sys/user/list', { token }));
    expectError(await s.call('GET', '/sys/dict/list', { token }), 403, 'NO_OPERATION_PERMISSION');

    // Swap the users screen for the dictionaries: the same session sees it at once.
    await grant(role.id, [menuId('system'), menuId('systemDict'), menuId('dictAdd')]);
    menu = await menuOf(token);
    expect(names(menu.menu)).toEqual(['system', 'systemDict']);
    expect(menu.auth.map((a) => a.action)).toEqual(['system:dict:add']);
    expectOk(await s.call('GET', '/sys/dict/list', { token }));
    expectError(await s.call('GET', '/sys/user/list', { token }), 403, 'NO_OPERATION_PERMISSION');
  });

  it('applies only the difference when the editor sends what it loaded', async () => {
    const role = await addRole();
    await grant(role.id, [menuId('home'), menuId('system')]);
    // Another administrator adds the dictionaries meanwhile.
    await grant(role.id, [menuId('home'), menuId('system'), menuId('systemDict')]);
    // This editor loaded [home, system] and takes home away, adds the countries.
    const after = await grant(
      role.id,
      [menuId('system'), menuId('systemCountry')],
      [menuId('home'), menuId('system')],
    );
    expect(new Set(after)).toEqual(
      new Set([menuId('system'), menuId('systemDict'), menuId('systemCountry')]),
    );
  });

  it('refuses unknown menus and roles', async () => {
    const role = await addRole();
    expectError(
      await s.call('POST', '/sys/permission/saveRolePermission', {
        token: admin,
        body: { roleId: role.id, permissionIds: [seededId('menu:nothing')] },
      }),
      404,
      'PERMISSION_NOT_FOUND',
    );
    expectError(
      await s.call('GET', '/sys/permission/queryRolePermission', {
        token: admin,
        query: { roleId: seededId('role:none') },
      }),
      404,
      'ROLE_NOT_FOUND',
    );
  });
});

describe('users of a role', () => {
  it('lists, adds and removes users; their sessions follow at once', async () => {
    const role = await addRole();
    await grant(role.id, [menuId('system'), menuId('systemDict')]);
    const username = unique('holder');
    const id = await insertUser(s, { username, roles: ['customer'] });
    const token = await tokenOf(s, username);
    expectError(await s.call('GET', '/sys/dict/list', { token }), 403, 'NO_OPERATION_PERMISSION');

    expect(await addUsers(role.id, [id, userId('customer')])).toEqual({ count: 2 });
    expect(await addUsers(role.id, [id])).toEqual({ count: 0 });
    const page = expectOk(
      await s.call<Page<RoleUser>>('GET', '/sys/role/userList', { token: admin, query: { roleId: role.id } }),
    );
    expect(page.records.map((u) => u.username).sort()).toEqual(['customer', username].sort());
    const filtered = expectOk(
      await s.call<Page<RoleUser>>('GET', '/sys/role/userList', {
        token: admin,
        query: { roleId: role.id, username: 'holder' },
      }),
    );
    expect(filtered.records.map((u) => u.username)).toEqual([username]);
    expectOk(await s.call('GET', '/sys/dict/list', { token }));

    expect(
      expectOk(
        await s.call('DELETE', '/sys/role/removeUsers', {
          token: admin,
          query: { roleId: role.id, userIds: `${id},${userId('customer')}` },
        }),
      ),
    ).toEqual({ count: 2 });
    expectError(await s.call('GET', '/sys/dict/list', { token }), 403, 'NO_OPERATION_PERMISSION');
    expectError(
      await s.call('POST', '/sys/role/addUsers', {
        token: admin,
        body: { roleId: role.id, userIds: [seededId('user:nobody')] },
      }),
      404,
      'USER_NOT_FOUND',
    );
  });
});

describe('data rules', () => {
  const addRule = (body: Record<string, unknown>, locale?: string) =>
    s.call<DataRuleRecord>('POST', '/sys/permission/addPermissionRule', {
      token: admin,
      ...(locale ? { locale } : {}),
      body: { permissionId: menuId('systemUser'), ruleName: 'rule', ...body },
    });
  const chooseRules = (roleId: string, permissionId: string, dataRuleIds: string[]) =>
    s.call<{ checked: string[] }>('POST', '/sys/role/datarule', {
      token: admin,
      body: { roleId, permissionId, dataRuleIds },
    });
  const usernames = async (token: string) =>
    expectOk(
      await s.call<Page<{ username: string }>>('GET', '/sys/user/list', {
        token,
        query: { pageSize: '100' },
      }),
    ).records.map((u) => u.username);

  it('names only the columns the menu’s list declares', async () => {
    expect(
      expectOk(
        await s.call<{ key: string }[]>('GET', '/sys/permission/getDataRuleColumns', {
          token: admin,
          query: { permissionId: menuId('systemUser') },
        }),
      ).map((c) => c.key),
    ).toContain('username');
    expectError(
      await addRule({ ruleColumn: 'password_hash', ruleCondition: '=', ruleValue: 'x' }),
      400,
      'DATA_RULE_COLUMN_UNKNOWN',
      {
        message: false,
      },
    );
    const zh = await addRule({ ruleColumn: 'secret', ruleCondition: '=', ruleValue: 'x' }, ZH);
    expect(zh.body.message).toContain('secret');
    expect(zh.body.message).toContain('不能按字段');
    expectError(
      await s.call('POST', '/sys/permission/addPermissionRule', {
        token: admin,
        body: {
          permissionId: menuId('system'),
          ruleName: 'x',
          ruleColumn: 'username',
          ruleCondition: '=',
          ruleValue: 'x',
        },
      }),
      400,
      'DATA_RULES_UNSUPPORTED',
    );
    expectError(
      await addRule({ ruleColumn: 'username', ruleCondition: 'scope' }),
      400,
      'DATA_RULE_SCOPE_COLUMN',
      {
        message: false,
      },
    );
    expectError(
      await addRule({ ruleColumn: 'username', ruleCondition: '=', ruleValue: '' }),
      400,
      'DATA_RULE_VALUE_REQUIRED',
    );
    expectFieldError(
      await addRule({ ruleColumn: 'username', ruleCondition: '~' }),
      'ruleCondition',
      /invalid/i,
    );
  });

  it('filters the user list by the rules the role chose; disabled rules do not filter', async () => {
    // Also an administrator: every user is in its scope (platform/scope), and the administrator
    // role has no rules of its own; the rules of all the user's roles apply.
    const { role, token, username } = await roleWithUser([menuId('system'), menuId('systemUser')], ['admin']);
    const all = await usernames(admin);
    expect(await usernames(token)).toEqual(all);

    const like = expectOk(
      await addRule({
        ruleName: 'customers',
        ruleColumn: 'username',
        ruleCondition: 'like',
        ruleValue: 'customer',
      }),
    );
    expect(like).toMatchObject({ ruleColumn: 'username', ruleCondition: 'like', enabled: true });
    // Defined, not chosen: no filter.
    expect(await usernames(token)).toEqual(all);
    expect(expectOk(await chooseRules(role.id, menuId('systemUser'), [like.id]))).toEqual({
      checked: [like.id],
    });
    expect(await usernames(token)).toEqual(['agentcustomer', 'customer', 'customer2']);
    const count = expectOk(await s.call<Page<unknown>>('GET', '/sys/user/list', { token })).total;
    expect(count).toBe(3);

    // A second rule is ANDed.
    const notOne = expectOk(
      await addRule({ ruleColumn: 'username', ruleCondition: '!=', ruleValue: 'customer2' }),
    );
    await chooseRules(role.id, menuId('systemUser'), [like.id, notOne.id]);
    expect(await usernames(token)).toEqual(['agentcustomer', 'customer']);

    // Disabled: it no longer filters.
    expectOk(
      await s.call('PUT', '/sys/permission/editPermissionRule', {
        token: admin,
        body: { ...notOne, enabled: false },
      }),
    );
    expect(await usernames(token)).toEqual(['agentcustomer', 'customer', 'customer2']);

    // in, and the caller's own username.
    const inRule = expectOk(
      await addRule({
        ruleColumn: 'username',
        ruleCondition: 'in',
        ruleValue: 'admin, #{sys_user_code}, sales',
      }),
    );
    await chooseRules(role.id, menuId('systemUser'), [inRule.id]);
    expect(await usernames(token)).toEqual(['admin', 'sales', username].sort());
    const eq = expectOk(
      await addRule({ ruleColumn: 'username', ruleCondition: '=', ruleValue: '#{sys_user_code}' }),
    );
    await chooseRules(role.id, menuId('systemUser'), [eq.id]);
    expect(await usernames(token)).toEqual([username]);
    // A variable the caller has no value for matches nothing.
    const org = expectOk(
      await addRule({ ruleColumn: 'orgCode', ruleCondition: '=', ruleValue: '#{sys_org_code}' }),
    );
    await chooseRules(role.id, menuId('systemUser'), [org.id]);
    expect(await usernames(token)).toEqual([]);

    // The administrator has no rules: every user.
    expect(await usernames(admin)).toEqual(all);

    // Deleting a chosen rule takes it out of the role's choice.
    expectOk(
      await s.call('DELETE', '/sys/permission/deletePermissionRule', { token: admin, query: { id: org.id } }),
    );
    const chosen = expectOk(
      await s.call<RoleDataRules>('GET', '/sys/role/datarule', {
        token: admin,
        query: { roleId: role.id, permissionId: menuId('systemUser') },
      }),
    );
    expect(chosen.checked).toEqual([]);
    expect(chosen.rules.map((r) => r.id)).toContain(eq.id);
    expect(await usernames(token)).toEqual(all);
  });

  it('chooses rules only on a menu the role holds, among that menu’s rules', async () => {
    const role = await addRole();
    const rule = expectOk(await addRule({ ruleColumn: 'username', ruleCondition: '=', ruleValue: 'x' }));
    expectError(
      await chooseRules(role.id, menuId('systemUser'), [rule.id]),
      409,
      'ROLE_PERMISSION_NOT_GRANTED',
    );
    await grant(role.id, [menuId('system'), menuId('systemUser'), menuId('systemLoginLog')]);
    expectError(
      await chooseRules(role.id, menuId('systemLoginLog'), [rule.id]),
      400,
      'DATA_RULE_NOT_OF_PERMISSION',
    );
    // A save of the grants keeps the choice.
    await chooseRules(role.id, menuId('systemUser'), [rule.id]);
    await grant(role.id, [menuId('system'), menuId('systemUser')]);
    const kept = expectOk(
      await s.call<RoleDataRules>('GET', '/sys/role/datarule', {
        token: admin,
        query: { roleId: role.id, permissionId: menuId('systemUser') },
      }),
    );
    expect(kept.checked).toEqual([rule.id]);
  });

  it('lists and filters a menu’s rules', async () => {
    const permissionId = menuId('systemOperationLog');
    const a = expectOk(
      await s.call<DataRuleRecord>('POST', '/sys/permission/addPermissionRule', {
        token: admin,
        body: {
          permissionId,
          ruleName: 'Only GETs',
          ruleColumn: 'method',
          ruleCondition: '=',
          ruleValue: 'GET',
        },
      }),
    );
    const listed = expectOk(
      await s.call<DataRuleRecord[]>('GET', '/sys/permission/getPermRuleListByPermId', {
        token: admin,
        query: { permissionId },
      }),
    );
    expect(listed.map((r) => r.id)).toContain(a.id);
    const filtered = expectOk(
      await s.call<DataRuleRecord[]>('GET', '/sys/permission/queryPermissionRule', {
        token: admin,
        query: { permissionId, ruleName: 'only', ruleColumn: 'meth' },
      }),
    );
    expect(filtered.map((r) => r.id)).toEqual([a.id]);
    expect(
      expectOk(
        await s.call<DataRuleRecord[]>('GET', '/sys/permission/queryPermissionRule', {
          token: admin,
          query: { permissionId, ruleName: 'nothing like it' },
        }),
      ),
    ).toEqual([]);
    expectError(
      await s.call('PUT', '/sys/permission/editPermissionRule', {
        token: admin,
        body: { ...a, permissionId: menuId('systemUser') },
      }),
      404,
      'DATA_RULE_NOT_FOUND',
    );
  });

  it('filters the login log and the operation log', async () => {
    const { role, token, username } = await roleWithUser([
      menuId('system'),
      menuId('systemLoginLog'),
      menuId('systemOperationLog'),
    ]);
    const loginRows = async () =>
      expectOk(
        await s.call<KeysetPage<{ username: string; success: boolean }>>('GET', '/sys/log/loginLog', {
          token,
          query: { pageSize: '200' },
        }),
      ).records;
    expect(new Set((await loginRows()).map((r) => r.username)).size).toBeGreaterThan(1);
    const mine = expectOk(
      await s.call<DataRuleRecord>('POST', '/sys/permission/addPermissionRule', {
        token: admin,
        body: {
          permissionId: menuId('systemLoginLog'),
          ruleName: 'Own sign-ins',
          ruleColumn: 'username',
          ruleCondition: '=',
          ruleValue: '#{sys_user_code}',
        },
      }),
    );
    expectOk(await chooseRules(role.id, menuId('systemLoginLog'), [mine.id]));
    const rows = await loginRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.username))).toEqual(new Set([username]));

    // The operation log: only failed changes.
    const failed = expectOk(
      await s.call<DataRuleRecord>('POST', '/sys/permission/addPermissionRule', {
        token: admin,
        body: {
          permissionId: menuId('systemOperationLog'),
          ruleName: 'Refused',
          ruleColumn: 'statusCode',
          ruleCondition: 'in',
          ruleValue: '403,404,409',
        },
      }),
    );
    expectOk(await chooseRules(role.id, menuId('systemOperationLog'), [failed.id]));
    const ops = expectOk(
      await s.call<KeysetPage<{ statusCode: number }>>('GET', '/sys/log/operationLog', {
        token,
        query: { pageSize: '200' },
      }),
    ).records;
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.every((r) => [403, 404, 409].includes(r.statusCode))).toBe(true);
    const adminOps = expectOk(
      await s.call<KeysetPage<{ statusCode: number }>>('GET', '/sys/log/operationLog', {
        token: admin,
        query: { pageSize: '200' },
      }),
    ).records;
    expect(adminOps.some((r) => r.statusCode === 200)).toBe(true);
  });
});
