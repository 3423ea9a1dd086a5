import { randomBytes } from 'node:crypto';
import {
  MENU_COMPONENTS,
  MENU_ICONS,
  type MenuItem,
  PERMISSION_CODES,
  type PermissionInput,
  type PermissionRecord,
  type PermissionTreeNode,
  type PermissionTreeOption,
  type UserPermissions,
} from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { MENU, type MenuSeed } from '../src/modules/permission/menu-seed';
import { seedRolesAndMenu } from '../src/modules/permission/seed';
import { EN, eventually, expectError, expectFieldError, expectOk, seededId, text, ZH } from './support/api';
import { apiSuite } from './support/suite';

const { s, tokens } = apiSuite(['admin', 'customer']);

const SYSTEM = seededId('menu:system');
const SYSTEM_DICT = seededId('menu:systemDict');
const unique = () => randomBytes(4).toString('hex');

/** A sub menu under System pointing at the dictionaries screen, with both titles. */
const subMenu = (over: Partial<PermissionInput> = {}): PermissionInput => {
  const tag = unique();
  return {
    parentId: SYSTEM,
    menuType: 1,
    name: `Extra ${tag}`,
    nameZh: `附加${tag}`,
    path: `/system/extra-${tag}`,
    componentName: `extra${tag}`,
    component: 'system/DictList',
    icon: 'book',
    sortNo: 50,
    ...over,
  };
};

const add = (body: unknown, options: { token?: string; locale?: string } = {}) =>
  s().call<PermissionRecord>('POST', '/sys/permission/add', { token: tokens.admin!, body, ...options });
const edit = (body: unknown, options: { token?: string; locale?: string } = {}) =>
  s().call<PermissionRecord>('PUT', '/sys/permission/edit', { token: tokens.admin!, body, ...options });
const remove = (id: string, options: { token?: string; locale?: string } = {}) =>
  s().call<null>('DELETE', '/sys/permission/delete', { token: tokens.admin!, query: { id }, ...options });
const added = async (body: PermissionInput) => expectOk(await add(body));

const menuOf = async (token: string, locale = EN) =>
  expectOk(
    await s().call<UserPermissions>('GET', '/sys/permission/getUserPermissionByToken', { token, locale }),
  );
const findIn = (items: MenuItem[], id: string): MenuItem | undefined => {
  for (const item of items) {
    if (item.id === id) return item;
    const found = findIn(item.children ?? [], id);
    if (found) return found;
  }
  return undefined;
};
const findNode = <T extends { children?: T[] | undefined }>(
  nodes: T[],
  pick: (n: T) => boolean,
): T | undefined => {
  for (const node of nodes) {
    if (pick(node)) return node;
    const found = findNode(node.children ?? [], pick);
    if (found) return found;
  }
  return undefined;
};
/** The fields of a record as the form sends them back. */
const inputOf = (r: PermissionRecord): PermissionInput => ({
  parentId: r.parentId,
  menuType: r.menuType as 0 | 1 | 2,
  name: r.name,
  nameZh: r.nameZh ?? r.name,
  titleKey: r.titleKey,
  path: r.path,
  componentName: r.componentName,
  component: r.component as PermissionInput['component'],
  redirect: r.redirect,
  hidden: r.hidden,
  alwaysShow: r.alwaysShow,
  keepAlive: r.keepAlive,
  internalOrExternal: r.internalOrExternal,
  icon: r.icon as PermissionInput['icon'],
  url: r.url,
  sortNo: r.sortNo,
  perms: r.perms,
  permsType: r.permsType as '1' | '2',
  status: r.status as 0 | 1,
});

describe('GET /sys/permission/list', () => {
  it('gives the whole tree with menus, sub menus and buttons', async () => {
    const tree = expectOk(
      await s().call<PermissionTreeNode[]>('GET', '/sys/permission/list', { token: tokens.admin! }),
    );
    const system = tree.find((n) => n.id === SYSTEM);
    expect(system).toMatchObject({ menuType: 0, name: 'System', titleKey: 'menu.system', builtIn: true });
    const menus = system?.children?.find((n) => n.componentName === 'systemPermission');
    expect(menus).toMatchObject({
      menuType: 1,
      path: '/system/permission',
      component: 'system/PermissionList',
    });
    expect(menus?.children?.map((b) => [b.menuType, b.perms])).toEqual([
      [2, 'system:permission:add'],
      [2, 'system:permission:edit'],
      [2, 'system:permission:delete'],
    ]);
  });

  it('filters by name, keeping the parents of what matches', async () => {
    const tree = expectOk(
      await s().call<PermissionTreeNode[]>('GET', '/sys/permission/list', {
        token: tokens.admin!,
        query: { name: 'dictionaries' },
      }),
    );
    expect(tree.map((n) => n.id)).toEqual([SYSTEM]);
    expect(tree[0]?.children?.map((n) => n.id)).toEqual([SYSTEM_DICT]);
    // The Chinese title of an operator's menu is searched too.
    const mine = await added(subMenu());
    try {
      const found = expectOk(
        await s().call<PermissionTreeNode[]>('GET', '/sys/permission/list', {
          token: tokens.admin!,
          query: { name: mine.nameZh ?? '' },
        }),
      );
      expect(findNode(found, (n) => n.id === mine.id)?.name).toBe(mine.name);
    } finally {
      expectOk(await remove(mine.id));
    }
  });

  it('is for holders of system:permission:list only', async () => {
    for (const [method, path, query] of [
      ['GET', '/sys/permission/list', undefined],
      ['GET', '/sys/permission/queryTreeList', undefined],
      ['GET', '/sys/permission/getSystemMenuList', undefined],
      ['GET', '/sys/permission/getSystemSubmenu', { parentId: SYSTEM }],
      ['GET', '/sys/permission/checkPermDuplication', { perms: 'x:y' }],
      ['GET', '/sys/permission/queryById', { id: SYSTEM }],
    ] as const) {
      expectError(
        await s().call(method, path, { token: tokens.customer!, query }),
        403,
        'NO_OPERATION_PERMISSION',
        {
          message: false,
        },
      );
    }
    expectError(await add(subMenu(), { token: tokens.customer! }), 403, 'NO_OPERATION_PERMISSION', {
      message: false,
    });
    expectError(await remove(SYSTEM_DICT, { token: tokens.customer! }), 403, 'NO_OPERATION_PERMISSION', {
      message: false,
    });
  });
});

describe('getSystemMenuList, getSystemSubmenu, queryTreeList, queryById', () => {
  it('lists the top menus and a menu’s children', async () => {
    const tops = expectOk(
      await s().call<PermissionRecord[]>('GET', '/sys/permission/getSystemMenuList', {
        token: tokens.admin!,
      }),
    );
    expect(tops.every((m) => m.menuType === 0 && m.parentId === null)).toBe(true);
    expect(tops.map((m) => m.id)).toContain(SYSTEM);
    const children = expectOk(
      await s().call<PermissionRecord[]>('GET', '/sys/permission/getSystemSubmenu', {
        token: tokens.admin!,
        query: { parentId: SYSTEM },
      }),
    );
    expect(children.every((m) => m.parentId === SYSTEM)).toBe(true);
    expect(children.map((m) => m.componentName)).toEqual(
      expect.arrayContaining(['systemDict', 'systemPermission']),
    );
    // Siblings in sort order.
    const sorts = children.map((m) => m.sortNo);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expectError(
      await s().call('GET', '/sys/permission/getSystemSubmenu', {
        token: tokens.admin!,
        query: { parentId: seededId('nothing') },
      }),
      404,
      'PERMISSION_NOT_FOUND',
    );
  });

  it('gives the id/title tree in the caller’s language', async () => {
    const mine = await added(subMenu());
    try {
      const en = expectOk(
        await s().call<PermissionTreeOption[]>('GET', '/sys/permission/queryTreeList', {
          token: tokens.admin!,
        }),
      );
      const zh = expectOk(
        await s().call<PermissionTreeOption[]>('GET', '/sys/permission/queryTreeList', {
          token: tokens.admin!,
          locale: ZH,
        }),
      );
      expect(findNode(en, (n) => n.key === mine.id)).toMatchObject({
        value: mine.id,
        title: mine.name,
        menuType: 1,
      });
      expect(findNode(zh, (n) => n.key === mine.id)?.title).toBe(mine.nameZh);
      expect(findNode(en, (n) => n.key === SYSTEM)).toMatchObject({
        title: 'System',
        titleKey: 'menu.system',
      });
      expect(
        expectOk(
          await s().call<PermissionRecord>('GET', '/sys/permission/queryById', {
            token: tokens.admin!,
            query: { id: mine.id },
          }),
        ),
      ).toEqual(mine);
    } finally {
      expectOk(await remove(mine.id));
    }
  });
});

describe('POST /sys/permission/add and PUT /sys/permission/edit', () => {
  it('adds a sub menu the admin sees at once, titled in the caller’s language', async () => {
    const before = await menuOf(tokens.admin!);
    const mine = await added(subMenu({ sortNo: 100 }));
    try {
      expect(mine).toMatchObject({
        menuType: 1,
        parentId: SYSTEM,
        builtIn: false,
        status: 1,
        titleKey: null,
      });
      const en = findIn((await menuOf(tokens.admin!)).menu, mine.id);
      expect(en).toMatchObject({ path: mine.path, component: 'system/DictList', hidden: false });
      expect(en?.meta).toMatchObject({ title: mine.name, titleKey: null, icon: 'book' });
      expect(findIn((await menuOf(tokens.admin!, ZH)).menu, mine.id)?.meta.title).toBe(mine.nameZh);
      // Only the administrator role is granted a new row (others through the role editor).
      expect(findIn((await menuOf(tokens.customer!)).menu, mine.id)).toBeUndefined();
      expect(findIn(before.menu, mine.id)).toBeUndefined();

      // Hidden: still granted, marked hidden on the next load.
      expectOk(await edit({ id: mine.id, ...inputOf(mine), hidden: true }));
      expect(findIn((await menuOf(tokens.admin!)).menu, mine.id)?.hidden).toBe(true);
      // Switched off: gone from the menu.
      expectOk(await edit({ id: mine.id, ...inputOf(mine), status: 0 }));
      expect(findIn((await menuOf(tokens.admin!)).menu, mine.id)).toBeUndefined();
    } finally {
      expectOk(await remove(mine.id));
    }
  });

  it('adds a button whose code is unique, checked live and on save', async () => {
    const parent = await added(subMenu());
    const code = `extra:${unique()}:add`;
    const check = (perms: string, id?: string) =>
      s().call('GET', '/sys/permission/checkPermDuplication', {
        token: tokens.admin!,
        query: { perms, ...(id ? { id } : {}) },
      });
    try {
      expectOk(await check(code));
      const button = await added({
        parentId: parent.id,
        menuType: 2,
        name: 'Add extra',
        nameZh: '新增附加',
        perms: code,
        permsType: '2',
        sortNo: 0,
        // A button has no route: these are dropped.
        path: '/ignored',
        icon: 'book',
      });
      expect(button).toMatchObject({ menuType: 2, perms: code, permsType: '2', path: null, icon: null });
      expectError(await check(code), 409, 'PERMISSION_CODE_TAKEN', { params: { perms: code } });
      expectOk(await check(code, button.id));
      const again = { parentId: parent.id, menuType: 2, name: 'x', nameZh: '某', perms: code, sortNo: 1 };
      expectError(await add(again), 409, 'PERMISSION_CODE_TAKEN', { params: { perms: code } });
      expectError(await add(again, { locale: ZH }), 409, 'PERMISSION_CODE_TAKEN', {
        locale: ZH,
        params: { perms: code },
      });
      // A seeded code is taken as well.
      expectError(await add({ ...again, perms: 'system:dict:add' }), 409, 'PERMISSION_CODE_TAKEN', {
        params: { perms: 'system:dict:add' },
      });
      // The granted button reaches the admin's auth list at once, with its strategy.
      expect((await menuOf(tokens.admin!)).auth).toContainEqual({
        action: code,
        describe: 'Add extra',
        type: '2',
        status: '1',
      });
      expect((await menuOf(tokens.admin!, ZH)).auth).toContainEqual({
        action: code,
        describe: '新增附加',
        type: '2',
        status: '1',
      });
      expectOk(await remove(button.id));
    } finally {
      expectOk(await remove(parent.id));
    }
  });

  it('refuses a sort number outside 0 to 100, in both languages', async () => {
    expectFieldError(
      await add(subMenu({ sortNo: 101 })),
      'sortNo',
      text('NUMBER_TOO_LARGE', EN, { field: 'sortNo', max: 100 }),
    );
    expectFieldError(
      await add(subMenu({ sortNo: 101 }), { locale: ZH }),
      'sortNo',
      text('NUMBER_TOO_LARGE', ZH, { field: 'sortNo', max: 100 }),
    );
    expectFieldError(
      await add(subMenu({ sortNo: -1 })),
      'sortNo',
      text('NUMBER_TOO_SMALL', EN, { field: 'sortNo', min: 0 }),
    );
    expectFieldError(await add(subMenu({ sortNo: 1.5 })), 'sortNo', /sortNo/);
  });

  it('refuses a component key that is no screen, and an icon the menu cannot show', async () => {
    expectFieldError(
      await add(subMenu({ component: 'system/Nothing' as PermissionInput['component'] })),
      'component',
      text('MENU_COMPONENT_UNKNOWN', EN, { field: 'component' }),
    );
    expectFieldError(
      await add(subMenu({ component: '../../etc/passwd' as PermissionInput['component'] }), { locale: ZH }),
      'component',
      text('MENU_COMPONENT_UNKNOWN', ZH, { field: 'component' }),
    );
    expectFieldError(
      await add(subMenu({ icon: 'rocket' as PermissionInput['icon'] })),
      'icon',
      text('MENU_ICON_UNKNOWN', EN, { field: 'icon' }),
    );
  });

  it('asks for what each type needs', async () => {
    expectFieldError(
      await add(subMenu({ parentId: null })),
      'parentId',
      text('FIELD_REQUIRED', EN, { field: 'parentId' }),
    );
    expectFieldError(await add(subMenu({ menuType: 0 })), 'parentId', text('MENU_TOP_HAS_PARENT'));
    expectFieldError(await add(subMenu({ path: '' })), 'path', text('FIELD_REQUIRED', EN, { field: 'path' }));
    expectFieldError(
      await add(subMenu({ path: 'no-slash' })),
      'path',
      text('MENU_PATH_INVALID', EN, { field: 'path' }),
    );
    expectFieldError(
      await add(subMenu({ component: null })),
      'component',
      text('FIELD_REQUIRED', EN, { field: 'component' }),
    );
    expectFieldError(
      await add(subMenu({ internalOrExternal: true })),
      'url',
      text('FIELD_REQUIRED', EN, { field: 'url' }),
    );
    expectFieldError(
      await add(subMenu({ url: 'javascript:alert(1)' })),
      'url',
      text('MENU_URL_INVALID', EN, { field: 'url' }),
    );
    expectFieldError(
      await add({ parentId: SYSTEM, menuType: 2, name: 'b', nameZh: '按钮', sortNo: 0 }),
      'perms',
      text('FIELD_REQUIRED', EN, { field: 'perms' }),
    );
    expectFieldError(
      await add(subMenu({ nameZh: ' ' })),
      'nameZh',
      text('FIELD_REQUIRED', EN, { field: 'nameZh' }),
    );
    // An external link needs no screen.
    const link = await added(
      subMenu({ component: null, url: 'https://example.com/help', internalOrExternal: true }),
    );
    expect(link).toMatchObject({
      component: null,
      url: 'https://example.com/help',
      internalOrExternal: true,
    });
    expectOk(await remove(link.id));
  });

  it('refuses a parent that is a button, unknown, or below the row itself', async () => {
    const top = await added(subMenu({ parentId: null, menuType: 0, component: 'layouts/RouteView' }));
    const child = await added(subMenu({ parentId: top.id }));
    const button = await added({
      parentId: child.id,
      menuType: 2,
      name: 'b',
      nameZh: '按钮',
      perms: `x:${unique()}`,
      sortNo: 0,
    });
    try {
      expectError(await add(subMenu({ parentId: button.id })), 400, 'PERMISSION_PARENT_INVALID');
      expectError(await add(subMenu({ parentId: seededId('nothing') })), 400, 'PERMISSION_PARENT_INVALID');
      expectError(
        await edit({ id: top.id, ...inputOf(top), menuType: 1, parentId: child.id }),
        400,
        'PERMISSION_PARENT_CYCLE',
      );
      expectError(
        await edit({ id: child.id, ...inputOf(child), parentId: child.id }),
        400,
        'PERMISSION_PARENT_CYCLE',
      );
      expectError(
        await edit({ id: child.id, ...inputOf(child), menuType: 2, perms: `y:${unique()}` }),
        409,
        'PERMISSION_BUTTON_WITH_CHILDREN',
        { params: { name: child.name } },
      );
      expectError(await add(subMenu({ path: child.path })), 409, 'PERMISSION_PATH_TAKEN', {
        params: { path: child.path ?? '' },
      });
      expectError(await edit({ id: seededId('nothing'), ...inputOf(child) }), 404, 'PERMISSION_NOT_FOUND');
    } finally {
      for (const id of [button.id, child.id, top.id]) expectOk(await remove(id));
    }
  });
});

describe('DELETE /sys/permission/delete', () => {
  it('refuses a menu with children (saying so), then deletes it with its grants', async () => {
    const top = await added(subMenu({ parentId: null, menuType: 0, component: 'layouts/RouteView' }));
    const child = await added(subMenu({ parentId: top.id }));
    // A new menu is granted to the administrator role (other roles get it in the role editor).
    const grants = async () =>
      expectOk(
        await s().call<string[]>('GET', '/sys/permission/queryRolePermission', {
          token: tokens.admin!,
          query: { roleId: seededId('role:admin') },
        }),
      ).filter((id) => id === top.id);
    expect(await grants()).toEqual([top.id]);
    expectError(await remove(top.id), 409, 'PERMISSION_HAS_CHILDREN', {
      params: { name: top.name, count: 1 },
    });
    expectError(await remove(top.id, { locale: ZH }), 409, 'PERMISSION_HAS_CHILDREN', {
      locale: ZH,
      params: { name: top.nameZh ?? '', count: 1 },
    });
    expectOk(await remove(child.id));
    expect(findIn((await menuOf(tokens.admin!)).menu, top.id)).toBeDefined();
    expectOk(await remove(top.id));
    expect(await grants()).toEqual([]);
    expect(findIn((await menuOf(tokens.admin!)).menu, top.id)).toBeUndefined();
    expectError(await remove(top.id), 404, 'PERMISSION_NOT_FOUND');
  });

  it('refuses a seeded row (the seed would bring it back)', async () => {
    const menus = seededId('menu:permissionDelete');
    expectError(await remove(menus), 409, 'PERMISSION_BUILT_IN', { params: { name: 'Delete' } });
  });

  it('writes every change to the operation log', async () => {
    const since = new Date(Date.now() - 1000);
    const mine = await added(subMenu());
    expectOk(await edit({ id: mine.id, ...inputOf(mine), sortNo: 7 }));
    expectOk(await remove(mine.id));
    await eventually(async () => {
      const page = expectOk(
        await s().call<{ records: { route: string; action: string | null; createdAt: string }[] }>(
          'GET',
          '/sys/log/operationLog',
          { token: tokens.admin!, query: { username: 'admin', pageSize: '200' } },
        ),
      );
      const rows = page.records
        .filter((r) => new Date(r.createdAt) > since)
        .map((r) => ({ route: r.route, action: r.action }));
      expect(rows).toEqual(
        expect.arrayContaining([
          { route: '/api/sys/permission/add', action: 'system:permission:add' },
          { route: '/api/sys/permission/edit', action: 'system:permission:edit' },
          { route: '/api/sys/permission/delete', action: 'system:permission:delete' },
        ]),
      );
    });
  });
});

describe('seeded rows', () => {
  it('keeps an operator’s edit of a seeded row through the next seed, and its code fixed', async () => {
    const current = expectOk(
      await s().call<PermissionRecord>('GET', '/sys/permission/queryById', {
        token: tokens.admin!,
        query: { id: SYSTEM_DICT },
      }),
    );
    expect(current.builtIn).toBe(true);
    expectError(
      await edit({ id: SYSTEM_DICT, ...inputOf(current), perms: 'system:dict:other' }),
      409,
      'PERMISSION_BUILT_IN_CODE',
      { params: { perms: 'system:dict:list' } },
    );
    const changed = {
      ...inputOf(current),
      icon: 'database' as const,
      sortNo: 99,
      nameZh: '数据字典（改）',
      titleKey: null,
    };
    expectOk(await edit({ id: SYSTEM_DICT, ...changed }));
    try {
      await seedRolesAndMenu(s().app.database.db);
      const after = expectOk(
        await s().call<PermissionRecord>('GET', '/sys/permission/queryById', {
          token: tokens.admin!,
          query: { id: SYSTEM_DICT },
        }),
      );
      expect(after).toMatchObject({ icon: 'database', sortNo: 99, nameZh: '数据字典（改）', titleKey: null });
      const zh = findIn((await menuOf(tokens.admin!, ZH)).menu, SYSTEM_DICT);
      expect(zh?.meta).toMatchObject({ title: '数据字典（改）', titleKey: null, icon: 'database' });
    } finally {
      // Back to what the seed wrote: the row is the seed's again.
      expectOk(await edit({ id: SYSTEM_DICT, ...inputOf(current) }));
    }
    await seedRolesAndMenu(s().app.database.db);
    expect(
      expectOk(
        await s().call<PermissionRecord>('GET', '/sys/permission/queryById', {
          token: tokens.admin!,
          query: { id: SYSTEM_DICT },
        }),
      ),
    ).toMatchObject({ icon: current.icon, sortNo: current.sortNo, titleKey: 'menu.dict' });
  });
});

describe('the Voice section', () => {
  const VOICE = seededId('menu:voice');
  const titles = (items: MenuItem[]) => items.map((item) => item.meta.title);

  it('holds every voice screen: trunks, SIP accounts and routes for staff, the rest for customers too', async () => {
    const [staffMenu, customerMenu, customerZh] = await Promise.all([
      menuOf(tokens.admin!),
      menuOf(tokens.customer!),
      menuOf(tokens.customer!, ZH),
    ]);
    const customerScreens = [
      'Caller IDs',
      'Caller groups',
      'IVR files',
      'IVR queues and timings',
      'Group call tasks',
      'Call records',
      'Call statistics',
    ];
    expect(titles(findIn(staffMenu.menu, VOICE)?.children ?? [])).toEqual([
      'Trunks',
      'SIP accounts',
      'Voice routes',
      'Gateway notify',
      ...customerScreens,
      'CLI test',
      'Number status checks',
    ]);
    // The CLI test calls through a chosen trunk: staff only.
    expect(titles(findIn(customerMenu.menu, VOICE)?.children ?? [])).toEqual([
      ...customerScreens,
      'Number status checks',
    ]);
    // Seeded titles are translated by the console, by their keys (menu.json of each language).
    expect(findIn(customerZh.menu, VOICE)?.children?.map((item) => item.meta.titleKey)).toEqual([
      'menu.voiceCaller',
      'menu.voiceCallerGroup',
      'menu.ivrFiles',
      'menu.ivrFlows',
      'menu.callTaskList',
      'menu.callRecords',
      'menu.callStats',
      'menu.voiceStatusCheck',
    ]);
    // No voice screen stands on its own beside the section.
    for (const menu of [staffMenu.menu, customerMenu.menu]) {
      const outside = menu
        .filter((item) => item.id !== VOICE)
        .flatMap((item) => [item, ...(item.children ?? [])]);
      expect(
        outside.map((item) => item.path).filter((path) => /groupCallTask|voip|voice/i.test(path ?? '')),
      ).toEqual([]);
    }
  });
});

describe('menu-seed', () => {
  it('names only screens and icons the console has', () => {
    const walk = (nodes: MenuSeed[]): MenuSeed[] => nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);
    for (const node of walk(MENU)) {
      if (node.component) expect(MENU_COMPONENTS, node.key).toContain(node.component);
      if (node.icon) expect(MENU_ICONS, node.key).toContain(node.icon);
    }
  });

  it('grants every permission code of the contracts, each once (no code is spelt only elsewhere)', () => {
    const walk = (nodes: MenuSeed[]): MenuSeed[] => nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);
    const seeded = walk(MENU).flatMap((n) => [
      ...(n.perms ? [n.perms] : []),
      ...(n.buttons ?? []).map((b) => b.perms),
    ]);
    expect(new Set(seeded).size).toBe(seeded.length);
    expect([...seeded].sort()).toEqual([...PERMISSION_CODES].sort());
  });
});
