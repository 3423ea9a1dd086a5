import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  API_PREFIX,
  type AuthEntry,
  LOCALE_HEADER,
  type MenuItem,
  TOKEN_HEADER,
  type UserPermissions,
  userPermissionsSchema,
} from '@switchboard/contracts';
import { and, eq } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleId } from '../src/modules/permission';
import { okResponse } from '../src/platform/envelope';
import { permissions, rolePermissions, roles } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { EN, expectError, expectOk, insertUser, seededId, text, tokenOf, userId, ZH } from './support/api';
import { type RawResponse, rawRequest } from './support/raw-http';

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
      'topUpOrders',
      'payouts',
      'testTool',
      'balanceLedger',
      'companies',
      'apiAccess',
      'apiDocsCustomer',
      'system',
      'test',
      'rates',
      'smsTemplates',
      'smsSenders',
      'sms',
      'routing',
      'voice',
      'callCentre',
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
        // The SMS and voice figures of the dashboard (every role holds them).
        permissionList: [
          { action: 'home:totals:view', describe: 'SMS figures', type: '1', status: '1' },
          { action: 'home:voice:view', describe: 'Voice figures', type: '1', status: '1' },
        ],
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
      ['systemDepart', 'Departments', '/system/depart', 'system/DepartList'],
      ['systemRole', 'Roles', '/system/role', 'system/RoleList'],
      ['systemAnnouncement', 'Announcements', '/system/announcement', 'system/AnnouncementList'],
      ['systemBrand', 'Brands', '/system/brand', 'system/BrandList'],
      ['systemSmppAccount', 'SMPP accounts', '/system/smppAccount', 'system/SmppAccountList'],
      ['systemContact', 'Support contacts', '/system/contact', 'system/ContactList'],
      ['systemDict', 'Dictionaries', '/system/dict', 'system/DictList'],
      ['systemCountry', 'Countries', '/system/country', 'system/CountryList'],
      ['systemPermission', 'Menus', '/system/permission', 'system/PermissionList'],
      ['systemLoginLog', 'Login log', '/system/loginLog', 'system/LoginLog'],
      ['systemOperationLog', 'Operation log', '/system/operationLog', 'system/OperationLog'],
      ['systemQuartzJob', 'Scheduled jobs', '/system/quartzJob', 'system/QuartzJobList'],
      ['systemApiDocs', 'API docs', '/system/apiDocs', 'system/ApiDocs'],
      ['systemMonitor', 'Monitoring', '/system/monitor', 'system/Monitor'],
    ]);
    expect(find(children, 'systemUser').meta.permissionList).toEqual([
      { action: 'system:user:frozen', describe: 'Freeze / thaw', type: '1', status: '1' },
      { action: 'system:user:resetGoogle', describe: 'Reset Google Authenticator', type: '1', status: '1' },
      { action: 'system:user:ipWhitelist', describe: 'Login IP whitelist', type: '2', status: '1' },
      { action: 'system:user:edit', describe: 'Edit', type: '2', status: '1' },
      { action: 'system:user:add', describe: 'Add', type: '1', status: '1' },
      { action: 'system:user:password', describe: 'Set password', type: '1', status: '1' },
      { action: 'system:user:export', describe: 'Export', type: '1', status: '1' },
      { action: 'system:user:import', describe: 'Import', type: '1', status: '1' },
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

  it('describes every seeded button in Chinese to a Chinese session', async () => {
    const { allAuth } = expectOk(
      await s.call<UserPermissions>('GET', PATH, { token: await tokenOf(s, 'admin'), locale: ZH }),
    );
    expect(allAuth.length).toBeGreaterThan(100);
    const untranslated = allAuth.filter((entry) => !/[\u4e00-\u9fff]/.test(entry.describe));
    expect(untranslated.map((e) => `${e.action}: ${e.describe}`)).toEqual([]);
    expect(allAuth).toContainEqual(
      expect.objectContaining({ action: 'system:user:frozen', describe: '冻结 / 解冻' }),
    );
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
        'agent:balance:transfer',
        'agent:customer:add',
        'agent:customer:edit',
        'agent:customer:export',
        'agent:customer:frozen',
        'agent:customer:gateway',
        'agent:gateway:list',
        'api:callback:edit',
        'api:ipWhiteList:edit',
        'api:key:manage',
        'callCentre:callList:add',
        'callCentre:callList:delete',
        'callCentre:callList:edit',
        'callCentre:callResult:add',
        'callCentre:callResult:delete',
        'callCentre:callResult:edit',
        'callCentre:outboundTask:add',
        'callCentre:outboundTask:delete',
        'callCentre:outboundTask:edit',
        'callCentre:outboundTask:list',
        'callCentre:outboundTask:run',
        'callCentre:seat:add',
        'callCentre:seat:delete',
        'callCentre:seat:edit',
        'callCentre:seatGroup:add',
        'callCentre:seatGroup:delete',
        'callCentre:seatGroup:edit',
        'company:add',
        'company:approve',
        'company:balance:adjust',
        'company:creditLimit',
        'company:edit',
        'company:enabled',
        'company:export',
        'company:frozen',
        'company:ipWhitelist',
        'gateway:grant:edit',
        'home:totals:view',
        'home:voice:view',
        'operator:edit',
        'order:payment:resolve',
        'order:payout:decide',
        'rate:add',
        'rate:batchEdit',
        'rate:delete',
        'rate:edit',
        'rate:gatewayCost:edit',
        'rate:group:add',
        'rate:group:assign',
        'rate:group:copy',
        'rate:group:delete',
        'rate:group:edit',
        'rate:import',
        'rate:quote',
        'sms:analysis:export',
        'sms:analysis:rebuild',
        'sms:marketing:cancel',
        'sms:marketing:export',
        'sms:marketing:send',
        'sms:notify:cancel',
        'sms:notify:export',
        'sms:notify:send',
        'sms:otpReguler:cancel',
        'sms:otpReguler:export',
        'sms:otpReguler:send',
        'sms:otpPremium:cancel',
        'sms:otpPremium:export',
        'sms:otpPremium:send',
        'route:edit',
        'route:test',
        'sms:gateway:add',
        'sms:gateway:copy',
        'sms:gateway:delete',
        'sms:gateway:edit',
        'sms:gateway:export',
        'sms:gateway:import',
        'sms:gateway:options',
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
        'system:contact:export',
        'system:contact:import',
        'system:country:add',
        'system:country:delete',
        'system:country:edit',
        'system:country:export',
        'system:country:import',
        'system:depart:add',
        'system:depart:delete',
        'system:depart:edit',
        'system:dict:add',
        'system:dict:delete',
        'system:dict:edit',
        'system:dict:export',
        'system:permission:add',
        'system:permission:delete',
        'system:permission:edit',
        'system:quartzJob:edit',
        'system:quartzJob:execute',
        'system:quartzJob:pause',
        'system:quartzJob:resume',
        'system:role:add',
        'system:role:authorize',
        'system:role:delete',
        'system:role:edit',
        'system:role:users',
        'system:smppAccount:add',
        'system:smppAccount:delete',
        'system:smppAccount:edit',
        'system:smppAccount:export',
        'system:user:add',
        'system:user:edit',
        'system:user:export',
        'system:user:frozen',
        'system:user:import',
        'system:user:ipWhitelist',
        'system:user:password',
        'system:user:resetGoogle',
        'voice:record:export',
        'voice:stats:export',
        'voice:stats:rebuild',
        'voice:stats:trunk',
        'voice:statusCheck:add',
        'voice:statusCheck:export',
        'voice:statusCheck:stop',
        'voice:task:add',
        'voice:task:delete',
        'voice:task:edit',
        'voice:task:run',
        'voice:caller:add',
        'voice:caller:delete',
        'voice:caller:edit',
        'voice:callerGroup:add',
        'voice:callerGroup:delete',
        'voice:callerGroup:edit',
        'voice:cliTest:run',
        'voice:notify:edit',
        'voip:ivrFile:add',
        'voip:ivrFile:delete',
        'voip:ivrFlow:add',
        'voip:ivrFlow:delete',
        'voip:ivrFlow:edit',
        'voice:route:add',
        'voice:route:delete',
        'voice:route:edit',
        'voice:route:test',
        'voice:sipAccount:add',
        'voice:sipAccount:delete',
        'voice:sipAccount:edit',
        'voice:trunk:add',
        'voice:trunk:delete',
        'voice:trunk:edit',
        'voice:trunk:options',
        'sms:sender:add',
        'sms:sender:delete',
        'sms:sender:edit',
        'sms:sender:export',
        'sms:sender:import',
        'sms:sender:review',
        'sms:template:add',
        'sms:template:delete',
        'sms:template:edit',
        'sms:template:export',
        'sms:template:import',
        'sms:template:policy',
        'sms:template:review',
      ].sort(),
    );
    for (const entry of allAuth) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'describe', 'status', 'type']);
      expect(['1', '2']).toContain(entry.type);
      expect(['0', '1']).toContain(entry.status);
    }
    // Every button but those of companies' users (top up, ask for a payout): staff have no balance.
    expect(actions(allAuth).sort()).toEqual([...actions(auth), 'order:create', 'order:payout:create'].sort());
  });

  it('gives a customer no System menu, no test tool and no system:* buttons', async () => {
    const { menu, auth, allAuth } = await permissionsOf('customer');
    expect(names(menu)).toEqual([
      'home',
      'userAnnouncement',
      'contactUs',
      'recharge',
      'balanceLedger',
      'companies',
      'apiAccess',
      'apiDocsCustomer',
      'rates',
      'smsTemplates',
      'smsSenders',
      'sms',
      'voice',
      'callCentre',
    ]);
    expect(names(menu)).not.toContain('system');
    expect(names(menu)).not.toContain('testTool');
    expect(find(menu, 'companies')).toMatchObject({
      path: '/company/list',
      meta: { title: 'Companies', permissionList: [] },
    });
    // Topping up its company's balance, its own company's API access, looking up its own prices
    // (the quote tester), writing its own SMS templates and sender ids (not reviewing),
    // sending SMS of the four kinds and running its group call tasks.
    expect(actions(auth).sort()).toEqual(
      [
        'api:callback:edit',
        'api:ipWhiteList:edit',
        'api:key:manage',
        'callCentre:callList:add',
        'callCentre:callList:delete',
        'callCentre:callList:edit',
        'callCentre:callResult:add',
        'callCentre:callResult:delete',
        'callCentre:callResult:edit',
        'callCentre:outboundTask:add',
        'callCentre:outboundTask:delete',
        'callCentre:outboundTask:edit',
        'callCentre:outboundTask:list',
        'callCentre:outboundTask:run',
        'callCentre:seat:add',
        'callCentre:seat:delete',
        'callCentre:seat:edit',
        'callCentre:seatGroup:add',
        'callCentre:seatGroup:delete',
        'callCentre:seatGroup:edit',
        'home:totals:view',
        'home:voice:view',
        'order:create',
        'rate:quote',
        'sms:analysis:export',
        'sms:marketing:cancel',
        'sms:marketing:export',
        'sms:marketing:send',
        'sms:notify:cancel',
        'sms:notify:export',
        'sms:notify:send',
        'sms:otpPremium:cancel',
        'sms:otpPremium:export',
        'sms:otpPremium:send',
        'sms:otpReguler:cancel',
        'sms:otpReguler:export',
        'sms:otpReguler:send',
        'sms:sender:add',
        'sms:sender:delete',
        'sms:sender:edit',
        'sms:sender:export',
        'sms:sender:import',
        'sms:template:add',
        'sms:template:delete',
        'sms:template:edit',
        'sms:template:export',
        'sms:template:import',
        'voice:record:export',
        'voice:stats:export',
        'voice:statusCheck:add',
        'voice:statusCheck:export',
        'voice:statusCheck:stop',
        'voice:task:add',
        'voice:task:delete',
        'voice:task:edit',
        'voice:task:run',
        'voice:caller:add',
        'voice:caller:delete',
        'voice:caller:edit',
        'voice:callerGroup:add',
        'voice:callerGroup:delete',
        'voice:callerGroup:edit',
        'voip:ivrFile:add',
        'voip:ivrFile:delete',
        'voip:ivrFlow:add',
        'voip:ivrFlow:delete',
        'voip:ivrFlow:edit',
      ].sort(),
    );
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
      expect(actions((await permissionsOf('customer')).auth)).not.toContain('system:brand:add');
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

describe('the permission answer, made once per role set', () => {
  /** The route's own response serialiser: what Fastify would send for an `ok()` envelope. */
  const serialise = serializerCompiler({
    schema: okResponse(userPermissionsSchema)[200],
    method: 'GET',
    url: PATH,
    httpStatus: '200',
  }) as (data: unknown) => string;
  const raw = (token: string, headers: Record<string, string> = {}) =>
    rawRequest(`${s.baseUrl}${API_PREFIX}${PATH}`, { headers: { [TOKEN_HEADER]: token, ...headers } });
  const decode = (res: RawResponse): string => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.body).toString();
    if (encoding === 'gzip') return gunzipSync(res.body).toString();
    expect(encoding).toBeUndefined();
    return res.body.toString();
  };
  const ENCODINGS: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ];

  it.each(['admin', 'customer', 'agent'])(
    'is, for %s, the text the response schema serialises, in every encoding and language',
    async (username) => {
      const token = await tokenOf(s, username);
      const roleIds = await s.app.services.roles.roleIdsOfUser(userId(username));
      for (const locale of [EN, ZH]) {
        for (const [accept, encoding] of ENCODINGS) {
          const res = await raw(token, {
            [LOCALE_HEADER]: locale,
            ...(accept === undefined ? {} : { 'accept-encoding': accept }),
          });
          expect(res.status).toBe(200);
          expect(res.headers['content-encoding']).toBe(encoding);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(Number(res.headers['content-length'])).toBe(res.body.length);
          if (encoding) expect(res.headers.vary).toContain('accept-encoding');
          const body = decode(res);
          const { timestamp } = JSON.parse(body) as { timestamp: number };
          expect(Number.isInteger(timestamp)).toBe(true);
          const result = await s.app.services.menus.forRoles(roleIds, locale);
          expect(body).toBe(
            serialise({ success: true, message: text('OK', locale), code: 200, result, timestamp }),
          );
        }
      }
    },
  );

  it("shows an edit of a role's grants on the next call, compressed or not", async () => {
    const token = await tokenOf(s, 'customer');
    const contactUs = seededId('menu:contactUs');
    const grant = { roleId: roleId('customer'), permissionId: contactUs };
    const menuOf = async (accept?: string) =>
      (
        JSON.parse(decode(await raw(token, accept ? { 'accept-encoding': accept } : {}))) as {
          result: UserPermissions;
        }
      ).result.menu;
    // Filled and compressed before the edit.
    expect(names(await menuOf())).toContain('contactUs');
    expect(names(await menuOf('br'))).toContain('contactUs');
    await s.app.database.db
      .delete(rolePermissions)
      .where(
        and(eq(rolePermissions.roleId, grant.roleId), eq(rolePermissions.permissionId, grant.permissionId)),
      );
    // The call an editor of grants makes: it clears the menus as well.
    s.app.services.grants.invalidate();
    try {
      expect(names(await menuOf('br'))).not.toContain('contactUs');
      expect(names(await menuOf('gzip'))).not.toContain('contactUs');
      expect(names(await menuOf())).not.toContain('contactUs');
    } finally {
      await s.app.database.db.insert(rolePermissions).values(grant).onConflictDoNothing();
      s.app.services.grants.invalidate();
    }
    expect(names(await menuOf('br'))).toContain('contactUs');
  });

  it('shows an edit of a menu row on the next call, compressed or not', async () => {
    const token = await tokenOf(s, 'customer');
    const contactUs = seededId('menu:contactUs');
    const titleOf = async (accept?: string) => {
      const res = await raw(token, accept ? { 'accept-encoding': accept } : {});
      const { result } = JSON.parse(decode(res)) as { result: UserPermissions };
      return find(result.menu, 'contactUs').meta.title;
    };
    const [row] = await s.app.database.db.select().from(permissions).where(eq(permissions.id, contactUs));
    const original = row?.name ?? '';
    expect(await titleOf('br')).toBe(original);
    expect(await titleOf()).toBe(original);
    const setTitle = async (name: string) => {
      await s.app.database.db.update(permissions).set({ name }).where(eq(permissions.id, contactUs));
      s.app.services.menus.invalidate();
    };
    await setTitle('Talk to us');
    try {
      expect(await titleOf('br')).toBe('Talk to us');
      expect(await titleOf('gzip')).toBe('Talk to us');
      expect(await titleOf()).toBe('Talk to us');
    } finally {
      await setTitle(original);
    }
    expect(await titleOf('br')).toBe(original);
  });
});
