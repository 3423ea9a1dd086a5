import type { AuthEntry, MenuItem, UserPermissions } from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, roles } from '../src/db/schema';
import { startServer, type TestServer } from './harness';
import { expectError, expectOk, insertUser, seededId, tokenOf, ZH } from './support/api';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const PATH = '/sys/permission/getUserPermissionByToken';
const permissionsOf = async (username: string) =>
  expectOk(await s.call<UserPermissions>('GET', PATH, { token: await tokenOf(s, username) }));
const names = (items: MenuItem[]) => items.map((m) => m.name);
const find = (items: MenuItem[], name: string) => {
  const item = items.find((m) => m.name === name);
  if (!item) throw new Error(`no menu item ${name} in ${names(items).join(', ')}`);
  return item;
};
const actions = (entries: AuthEntry[]) => entries.map((e) => e.action);

describe('GET /sys/permission/getUserPermissionByToken', () => {
  it('needs a session', async () => {
    expectError(await s.call('GET', PATH), 401, 'UNAUTHORIZED');
    expectError(await s.call('GET', PATH, { token: 'bogus' }), 401, 'TOKEN_INVALID');
  });

  it('gives the admin the full menu with Home and System', async () => {
    const { menu } = await permissionsOf('admin');
    expect(names(menu)).toEqual([
      'home',
      'agentHome',
      'userAnnouncement',
      'contactUs',
      'recharge',
      'testTool',
      'companies',
      'system',
      'test',
    ]);
    expect(find(menu, 'home')).toEqual({
      id: seededId('menu:home'),
      path: '/home/Home',
      name: 'home',
      component: 'home/Home',
      redirect: null,
      hidden: false,
      alwaysShow: false,
      meta: {
        title: 'Home',
        titleKey: 'menu.home',
        icon: 'home',
        url: null,
        permissionList: [],
        keepAlive: false,
        internalOrExternal: false,
      },
    });
    const system = find(menu, 'system');
    expect(system).toMatchObject({
      path: '/system',
      component: 'layouts/RouteView',
      redirect: '/system/user',
      hidden: false,
      alwaysShow: true,
      meta: { title: 'System', icon: 'setting', url: null, keepAlive: false, internalOrExternal: false },
    });
    const children = system.children ?? [];
    expect(children.map((c) => [c.name, c.meta.title, c.path, c.component])).toEqual([
      ['systemUser', 'Users', '/system/user', 'system/UserList'],
      ['systemAnnouncement', 'Announcements', '/system/announcement', 'system/AnnouncementList'],
      ['systemBrand', 'Brands', '/system/brand', 'system/BrandList'],
      ['systemContact', 'Support contacts', '/system/contact', 'system/ContactList'],
      ['systemLoginLog', 'Login log', '/system/loginLog', 'system/LoginLog'],
      ['systemOperationLog', 'Operation log', '/system/operationLog', 'system/OperationLog'],
      ['systemApiDocs', 'API docs', '/system/apiDocs', 'system/ApiDocs'],
    ]);
    expect(find(children, 'systemUser').meta.permissionList).toEqual([
      { action: 'system:user:frozen', describe: 'Freeze / thaw', type: '1', status: '1' },
      { action: 'system:user:resetGoogle', describe: 'Reset Google Authenticator', type: '1', status: '1' },
      { action: 'system:user:ipWhitelist', describe: 'Login IP whitelist', type: '2', status: '1' },
      { action: 'system:user:edit', describe: 'Edit', type: '2', status: '1' },
    ]);
    expect(find(menu, 'testTool')).toMatchObject({ hidden: true, path: '/TestToolRecord' });
  });

  it('gives every menu item the full set of fields', async () => {
    const { menu } = await permissionsOf('admin');
    const visit = (items: MenuItem[]) => {
      for (const item of items) {
        expect(Object.keys(item).sort()).toEqual(
          [
            'alwaysShow',
            'component',
            'hidden',
            'id',
            'meta',
            'name',
            'path',
            'redirect',
            ...(item.children ? ['children'] : []),
          ].sort(),
        );
        expect(Object.keys(item.meta).sort()).toEqual(
          ['icon', 'internalOrExternal', 'keepAlive', 'permissionList', 'title', 'titleKey', 'url'].sort(),
        );
        expect(typeof item.path).toBe('string');
        expect(item.path.startsWith('/')).toBe(true);
        expect(typeof item.hidden).toBe('boolean');
        expect(typeof item.meta.keepAlive).toBe('boolean');
        if (item.children) visit(item.children);
      }
    };
    visit(menu);
  });

  it("lists the admin's granted buttons in auth and every button in allAuth", async () => {
    const { auth, allAuth } = await permissionsOf('admin');
    expect(auth).toContainEqual({
      action: 'system:user:frozen',
      describe: 'Freeze / thaw',
      type: '1',
      status: '1',
    });
    expect(auth).toContainEqual({
      action: 'company:ipWhitelist',
      describe: 'Login IP whitelist',
      type: '2',
      status: '1',
    });
    expect(actions(auth).sort()).toEqual(
      [
        'company:ipWhitelist',
        'system:announcement:add',
        'system:announcement:delete',
        'system:announcement:edit',
        'system:announcement:release',
        'system:announcement:revoke',
        'system:brand:add',
        'system:brand:delete',
        'system:brand:edit',
        'system:contact:add',
        'system:contact:delete',
        'system:contact:edit',
        'system:user:edit',
        'system:user:frozen',
        'system:user:ipWhitelist',
        'system:user:resetGoogle',
      ].sort(),
    );
    for (const entry of allAuth) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'describe', 'status', 'type']);
      expect(['1', '2']).toContain(entry.type);
      expect(['0', '1']).toContain(entry.status);
    }
    expect(actions(allAuth).sort()).toEqual(actions(auth).sort());
  });

  it('gives a customer no System menu, no test tool and no system:* buttons', async () => {
    const { menu, auth, allAuth } = await permissionsOf('customer');
    expect(names(menu)).toEqual(['home', 'userAnnouncement', 'contactUs', 'recharge', 'companies']);
    expect(names(menu)).not.toContain('system');
    expect(names(menu)).not.toContain('testTool');
    expect(find(menu, 'companies')).toMatchObject({
      path: '/company/list',
      meta: { title: 'Companies', permissionList: [] },
    });
    expect(auth).toEqual([]);
    expect(actions(auth).some((a) => a.startsWith('system:'))).toBe(false);
    // allAuth lists every button so that the console can hide or disable the ungranted ones.
    expect(actions(allAuth)).toContain('system:user:frozen');
  });

  it('gives agents the agent home but not System', async () => {
    const { menu } = await permissionsOf('agent');
    expect(names(menu)).toContain('agentHome');
    expect(names(menu)).not.toContain('system');
  });

  it("keeps an action whose rule is switched off (status '0') for the roles that hold it, and only for them", async () => {
    const setStatus = async (status: '0' | '1') => {
      await s.app.database.db
        .update(permissions)
        .set({ status: Number(status) })
        .where(eq(permissions.perms, 'system:brand:add'));
      s.app.services.grants.invalidate();
      s.app.services.menus.invalidate();
    };
    const admin = await tokenOf(s, 'admin');
    const customer = await tokenOf(s, 'customer');
    await setStatus('0');
    try {
      const off = { action: 'system:brand:add', describe: 'Add', type: '1', status: '0' };
      // The console treats what auth lists as held: the server must agree, both ways.
      const { auth, allAuth } = await permissionsOf('admin');
      expect(auth).toContainEqual(off);
      expect(allAuth).toContainEqual(off);
      expect((await permissionsOf('customer')).auth).toEqual([]);
      const added = await s.call('POST', '/sys/brand/add', {
        token: admin,
        body: { domain: 'status-off.example', brandName: 'Status off' },
      });
      expect(added.status).toBe(200);
      expectError(
        await s.call('POST', '/sys/brand/add', {
          token: customer,
          body: { domain: 'status-off-2.example', brandName: 'Status off' },
        }),
        403,
        'NO_OPERATION_PERMISSION',
      );
    } finally {
      await setStatus('1');
    }
  });

  it('answers 403 EMPTY_MENU for a user without roles', async () => {
    await insertUser(s, { username: 'no-roles', roles: [] });
    const token = await tokenOf(s, 'no-roles');
    const res = await s.call('GET', PATH, { token });
    expectError(res, 403, 'EMPTY_MENU');
    expect(res.body.message).toBe('No menu is assigned to this account, contact the administrator');
    const zh = await s.call('GET', PATH, { token, locale: ZH });
    expect(zh.body.message).toBe('该账号未分配菜单，请联系管理员');
    const accept = await s.call('GET', PATH, { token, headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
    expect(accept.body.message).toBe('该账号未分配菜单，请联系管理员');
  });

  it('answers 403 EMPTY_MENU for a user whose role grants nothing', async () => {
    await s.app.database.db
      .insert(roles)
      .values({ roleCode: 'nothing', roleName: 'Nothing', roleNameZh: '无' });
    await insertUser(s, { username: 'empty-role', roles: ['nothing'], departments: ['A06'], orgCode: 'A06' });
    const res = await s.call('GET', PATH, { token: await tokenOf(s, 'empty-role') });
    expectError(res, 403, 'EMPTY_MENU');
  });
});
