import type {
  CheckOnlyUserResult,
  Envelope,
  ImportResult,
  KeysetPage,
  Locale,
  Page,
  RoleOption,
  UserListItem,
  UserOption,
  UserRecord,
} from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  companyId,
  departId,
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  seededId,
  text,
  tokenOf,
  userId,
  ZH,
} from './support/api';
import { apiSuite } from './support/suite';

/**
 * System › Users beyond the list: add and edit with roles, departments, company and country;
 * phone and e-mail unique and well formed; the live duplicate check; an administrator setting a
 * password; freezing cutting a live session; import (all or nothing) and export.
 */

const { s, tokens } = apiSuite(['admin']);
let seq = 0;

/** A fresh name and a fresh valid Chinese mobile number for each call. */
function fresh() {
  seq += 1;
  const n = `${Date.now() % 1_000_000}${seq}`.padStart(8, '0').slice(-8);
  return { username: `u${n}`, phone: `+86139${n}`, national: `139${n}`, email: `u${n}@example.com` };
}

const roleId = (code: string) => seededId(`role:${code}`);

function newUser(extra: Record<string, unknown> = {}) {
  const f = fresh();
  return {
    f,
    body: {
      username: f.username,
      realname: `Real ${f.username}`,
      phone: f.phone,
      email: f.email,
      countryCode: 'CN',
      roleIds: [roleId('customer')],
      departIds: [departId('A06')],
      companyId: companyId('Direct Retail Ltd'),
      password: 'Welcome123',
      confirmPassword: 'Welcome123',
      ...extra,
    },
  };
}

const add = (body: unknown, locale: Locale = EN, token = tokens.admin!) =>
  s().call<UserRecord>('POST', '/sys/user/add', { token, body, locale });
const edit = (body: unknown, locale: Locale = EN) =>
  s().call<UserRecord>('PUT', '/sys/user/edit', { token: tokens.admin!, body, locale });
const check = (query: Record<string, string>, locale: Locale = EN) =>
  s().call<CheckOnlyUserResult>('GET', '/sys/user/checkOnlyUser', { token: tokens.admin!, query, locale });

describe('POST /sys/user/add and the lookups of a user', () => {
  it('creates a user with roles, departments, company and country who can sign in', async () => {
    const { f, body } = newUser({ phone: fresh().national });
    const created = expectOk(await add(body));
    expect(created).toMatchObject({
      username: f.username,
      realname: `Real ${f.username}`,
      email: f.email,
      countryCode: 'CN',
      companyId: companyId('Direct Retail Ltd'),
      companyName: 'Direct Retail Ltd',
      roles: ['customer'],
      roleIds: [roleId('customer')],
      departIds: [departId('A06')],
      status: 1,
      // The only department is the current one.
      orgCode: 'A06',
    });
    // A national number with its country is stored in international form.
    expect(created.phone).toMatch(/^\+86139\d{8}$/);
    expect(created.departs).toEqual([
      { id: departId('A06'), orgCode: 'A06', name: 'Direct Retail Ltd', nameZh: '直营零售有限公司' },
    ]);
    const login = expectOk(
      await s().call<{ token: string }>('POST', '/sys/login', {
        body: { username: f.username, password: 'Welcome123' },
      }),
    );
    expect(login.token).toBeTruthy();

    const q = { userid: created.id };
    expect(
      expectOk(await s().call('GET', '/sys/user/queryUserRole', { token: tokens.admin!, query: q })),
    ).toEqual([roleId('customer')]);
    expect(
      expectOk(await s().call('GET', '/sys/user/getUserDepartId', { token: tokens.admin!, query: q })),
    ).toEqual([departId('A06')]);
    expect(
      expectOk(await s().call('GET', '/sys/user/queryUserCountry', { token: tokens.admin!, query: q })),
    ).toEqual({
      countryCode: 'CN',
    });
    const members = expectOk(
      await s().call<UserOption[]>('GET', '/sys/user/queryUserByDepId', {
        token: tokens.admin!,
        query: { id: departId('A06') },
      }),
    );
    expect(members.map((m) => m.username)).toContain(f.username);
    const picked = expectOk(
      await s().call<UserOption[]>('GET', '/sys/user/getUserList', {
        token: tokens.admin!,
        query: { keyword: f.username },
      }),
    );
    expect(picked).toEqual([
      { id: created.id, username: f.username, realname: `Real ${f.username}`, status: 1 },
    ]);
    const departs = expectOk(
      await s().call<{ orgCode: string }[]>('GET', '/sys/sysDepart/getUserDepartList', {
        token: tokens.admin!,
        query: q,
      }),
    );
    expect(departs.map((d) => d.orgCode)).toEqual(['A06']);

    // The list filters by department and role.
    const byDepart = expectOk(
      await s().call<Page<UserListItem>>('GET', '/sys/user/list', {
        token: tokens.admin!,
        query: { departId: departId('A06'), roleId: roleId('customer'), pageSize: '100' },
      }),
    );
    expect(byDepart.records.map((u) => u.username)).toContain(f.username);
    expect(byDepart.records.every((u) => u.roles.includes('customer'))).toBe(true);
    const otherDepart = expectOk(
      await s().call<Page<UserListItem>>('GET', '/sys/user/list', {
        token: tokens.admin!,
        query: { departId: departId('A01'), keyword: f.username },
      }),
    );
    expect(otherDepart.total).toBe(0);
  });

  it('writes the operation log for an add', async () => {
    const { body } = newUser();
    expectOk(await add(body));
    await eventually(async () => {
      const page = expectOk(
        await s().call<KeysetPage<{ route: string; action: string | null; statusCode: number }>>(
          'GET',
          '/sys/log/operationLog',
          { token: tokens.admin!, query: { username: 'admin', pageSize: '200' } },
        ),
      );
      expect(page.records).toContainEqual(
        expect.objectContaining({ route: '/api/sys/user/add', action: 'system:user:add', statusCode: 200 }),
      );
    });
  });

  it('refuses a taken username, phone (in any notation) and e-mail (in any case), naming each field', async () => {
    const { f, body } = newUser();
    expectOk(await add(body));
    const again = newUser({
      username: f.username,
      phone: f.national,
      email: f.email.toUpperCase(),
    }).body;
    const res = await add(again);
    expectFieldError(res, 'username', text('USERNAME_EXISTS'));
    expectFieldError(res, 'phone', text('PHONE_EXISTS'));
    expectFieldError(res, 'email', text('EMAIL_EXISTS'));
    const zh = await add(again, ZH);
    expectFieldError(zh, 'phone', text('PHONE_EXISTS', ZH));
  });

  it('refuses a malformed phone, e-mail, unknown country, role and department', async () => {
    const res = await add(
      newUser({
        phone: '12345',
        countryCode: 'CN',
      }).body,
    );
    expectFieldError(res, 'phone', text('PHONE_INVALID'));
    expectFieldError(await add(newUser({ email: 'not-an-email' }).body), 'email', text('EMAIL_INVALID'));
    expectFieldError(
      await add(newUser({ countryCode: 'QQ', phone: undefined }).body),
      'countryCode',
      text('COUNTRY_UNKNOWN', EN, { country: 'QQ' }),
    );
    const ghost = '00000000-0000-4000-8000-000000000001';
    expectFieldError(
      await add(newUser({ roleIds: [ghost] }).body),
      'roleIds',
      text('ROLE_UNKNOWN', EN, { role: ghost }),
    );
    expectFieldError(
      await add(newUser({ departIds: [ghost] }).body, ZH),
      'departIds',
      text('DEPART_UNKNOWN', ZH, { depart: ghost }),
    );
    expectFieldError(await add(newUser({ companyId: ghost }).body), 'companyId', text('COMPANY_NOT_FOUND'));
  });

  it('applies the password rules of sign-up', async () => {
    expectFieldError(
      await add(newUser({ password: 'short', confirmPassword: 'short' }).body),
      'password',
      text('PASSWORD_TOO_WEAK'),
    );
    expectFieldError(
      await add(newUser({ password: 'alllowercase1', confirmPassword: 'alllowercase1' }).body, ZH),
      'password',
      text('PASSWORD_TOO_WEAK', ZH),
    );
    expectFieldError(
      await add(newUser({ confirmPassword: 'Welcome124' }).body),
      'confirmPassword',
      text('PASSWORDS_DIFFERENT'),
    );
  });

  it('is refused to a user without the permission', async () => {
    const customer = await tokenOf(s(), 'customer');
    expectError(await add(newUser().body, EN, customer), 403, 'NO_OPERATION_PERMISSION');
  });
});

describe('GET /sys/user/checkOnlyUser', () => {
  it('says whether a username, phone or e-mail is free, well formed, and not counting the user itself', async () => {
    const { f, body } = newUser();
    const created = expectOk(await add(body));
    expect(expectOk(await check({ username: f.username }))).toEqual({
      field: 'username',
      available: false,
      message: text('USERNAME_EXISTS'),
    });
    expect(expectOk(await check({ username: `${f.username}x` }))).toEqual({
      field: 'username',
      available: true,
      message: null,
    });
    expect(expectOk(await check({ phone: f.national, countryCode: 'CN' }, ZH))).toEqual({
      field: 'phone',
      available: false,
      message: text('PHONE_EXISTS', ZH),
    });
    expect(expectOk(await check({ phone: '123' }))).toMatchObject({
      available: false,
      message: text('PHONE_INVALID'),
    });
    expect(expectOk(await check({ email: f.email.toUpperCase() }))).toMatchObject({ available: false });
    expect(expectOk(await check({ email: 'nope' }))).toMatchObject({ message: text('EMAIL_INVALID') });
    // Editing that user: its own values are free to keep.
    expect(expectOk(await check({ email: f.email, id: created.id }))).toMatchObject({ available: true });
    expect(expectOk(await check({ phone: f.phone, id: created.id }))).toMatchObject({ available: true });
    expect((await check({})).status).toBe(400);
  });
});

describe('PUT /sys/user/edit', () => {
  it('changes fields, roles and departments; keeps its own phone; refuses another user’s', async () => {
    const first = expectOk(await add(newUser().body));
    const { f, body } = newUser();
    const second = expectOk(await add(body));
    const changed = expectOk(
      await edit({
        id: second.id,
        realname: 'Renamed',
        phone: f.phone,
        email: f.email,
        countryCode: 'US',
        companyId: null,
        roleIds: [roleId('sales')],
        departIds: [departId('A02'), departId('A03')],
      }),
    );
    expect(changed).toMatchObject({
      realname: 'Renamed',
      countryCode: 'US',
      companyId: null,
      roles: ['sales'],
      // Several departments and the old current one gone: the user chooses after sign-in.
      orgCode: null,
    });
    expect([...changed.departIds].sort()).toEqual([departId('A02'), departId('A03')].sort());
    // The operation log keeps what changed, before and after.
    const logged = await eventually(async () => {
      const page = expectOk(
        await s().call<{
          records: {
            route: string;
            before: Record<string, unknown> | null;
            after: Record<string, unknown> | null;
          }[];
        }>('GET', '/sys/log/operationLog', {
          token: tokens.admin!,
          query: { username: 'admin', pageSize: '500' },
        }),
      );
      const found = page.records.find(
        (r) => r.route === '/api/sys/user/edit' && r.after?.realname === 'Renamed',
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(logged.before).toMatchObject({ realname: body.realname });
    expect(logged.after).toMatchObject({ realname: 'Renamed', countryCode: 'US' });
    const taken = await edit(
      {
        id: second.id,
        realname: 'Renamed',
        phone: first.phone,
        roleIds: [],
        departIds: [],
      },
      ZH,
    );
    expectFieldError(taken, 'phone', text('PHONE_EXISTS', ZH));
    expectError(
      await edit({ id: '00000000-0000-4000-8000-000000000002', realname: 'x', roleIds: [], departIds: [] }),
      404,
      'USER_NOT_FOUND',
    );
  });
});

describe('PUT /sys/user/changPassword', () => {
  const setPassword = (body: unknown, locale: Locale = EN) =>
    s().call('PUT', '/sys/user/changPassword', { token: tokens.admin!, body, locale });

  it('sets a user’s password under the sign-up rules and ends that user’s sessions', async () => {
    const { f, body } = newUser();
    const created = expectOk(await add(body));
    const session = await tokenOf(s(), f.username, {}, 'Welcome123');
    expectFieldError(
      await setPassword({ userId: created.id, password: 'weakpass', confirmPassword: 'weakpass' }),
      'password',
      text('PASSWORD_TOO_WEAK'),
    );
    expectFieldError(
      await setPassword({ userId: created.id, password: 'Strong1234', confirmPassword: 'Strong1235' }, ZH),
      'confirmPassword',
      text('PASSWORDS_DIFFERENT', ZH),
    );
    // Refused attempts changed nothing: the session lives.
    expectOk(await s().call('GET', '/sys/user/getCurrentUserDeparts', { token: session }));
    expectOk(
      await setPassword({ userId: created.id, password: 'Strong1234', confirmPassword: 'Strong1234' }),
    );
    expectError(
      await s().call('GET', '/sys/user/getCurrentUserDeparts', { token: session }),
      401,
      'TOKEN_INVALID',
    );
    expectError(
      await s().call('POST', '/sys/login', { body: { username: f.username, password: 'Welcome123' } }),
      400,
      'WRONG_CREDENTIALS',
      { message: false },
    );
    expect(await tokenOf(s(), f.username, {}, 'Strong1234')).toBeTruthy();
  });
});

describe('PUT /sys/user/frozenBatch on a new user', () => {
  it('ends a frozen user’s live session at once; sign-in then says the account is frozen', async () => {
    const { f, body } = newUser();
    const created = expectOk(await add(body));
    const session = await tokenOf(s(), f.username, {}, 'Welcome123');
    expectOk(await s().call('GET', '/sys/user/getCurrentUserDeparts', { token: session }));
    expectOk(
      await s().call('PUT', '/sys/user/frozenBatch', {
        token: tokens.admin!,
        body: { ids: [created.id], status: 2 },
      }),
    );
    expectError(
      await s().call('GET', '/sys/user/getCurrentUserDeparts', { token: session }),
      401,
      'TOKEN_INVALID',
    );
    expectError(
      await s().call('POST', '/sys/login', {
        body: { username: f.username, password: 'Welcome123' },
        locale: ZH,
      }),
      403,
      'ACCOUNT_FROZEN',
      { locale: ZH },
    );
  });
});

describe('GET /sys/role/queryall and /sys/user/isCommonUser', () => {
  it('lists every role with its code and both names', async () => {
    const roles = expectOk(
      await s().call<RoleOption[]>('GET', '/sys/role/queryall', { token: tokens.admin! }),
    );
    expect(roles.map((r) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'agent', 'customer']));
    const customer = roles.find((r) => r.roleCode === 'customer')!;
    expect(customer.id).toBe(roleId('customer'));
    expect(customer.roleNameZh).not.toBe('');
  });

  it('tells staff from companies’ users', async () => {
    expect(expectOk(await s().call('GET', '/sys/user/isCommonUser', { token: tokens.admin! }))).toEqual({
      common: false,
    });
    const customer = await tokenOf(s(), 'customer');
    expect(expectOk(await s().call('GET', '/sys/user/isCommonUser', { token: customer }))).toEqual({
      common: true,
    });
  });
});

// --- import and export ---

async function upload(content: string | Uint8Array<ArrayBuffer>, filename: string, locale: Locale = EN) {
  const form = new FormData();
  form.append('file', new Blob([content]), filename);
  const response = await fetch(`${s().baseUrl}/api/sys/user/importExcel`, {
    method: 'POST',
    headers: { 'X-Access-Token': tokens.admin!, 'X-Locale': locale },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<ImportResult> };
}

const userCount = async (keyword: string) =>
  expectOk(
    await s().call<Page<UserListItem>>('GET', '/sys/user/list', { token: tokens.admin!, query: { keyword } }),
  ).total;

describe('POST /sys/user/importExcel', () => {
  it('imports nothing when any row is wrong, naming each bad row; imports every row of a good file', async () => {
    const [a, b, c] = [fresh(), fresh(), fresh()];
    const taken = expectOk(await add(newUser().body));
    const csv = [
      'username,realname,password,phone,email,countryCode,roles,departs',
      `${a.username},Ann,Welcome123,${a.phone},${a.email},CN,customer,A06`,
      `${b.username},Bob,weak,${b.phone},${b.email},CN,customer,A06`,
      `${c.username},Cat,Welcome123,${taken.phone},${c.email},CN,nosuchrole,A06`,
    ].join('\n');
    const refused = await upload(csv, 'users.csv');
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('IMPORT_HAS_ERRORS');
    const errors = refused.body.result.errors;
    expect(errors).toContainEqual(
      expect.objectContaining({ row: 3, field: 'password', message: text('PASSWORD_TOO_WEAK') }),
    );
    // Row 4 is checked against the database once every row passed its schema: fix row 3 first.
    expect(await userCount(a.username)).toBe(0);

    const second = [
      'username,realname,password,phone,email,countryCode,roles,departs',
      `${a.username},Ann,Welcome123,${a.phone},${a.email},CN,customer,A06`,
      `${b.username},Bob,Welcome123,${b.phone},${b.email},CN,customer,A06`,
      `${c.username},Cat,Welcome123,${taken.phone},${c.email},CN,nosuchrole,A06`,
      `${a.username},Ann again,Welcome123,,,,,`,
    ].join('\n');
    const zh = await upload(second, 'users.csv', ZH);
    expect(zh.status).toBe(400);
    expect(zh.body.result.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          row: 4,
          field: 'roles',
          message: text('ROLE_UNKNOWN', ZH, { role: 'nosuchrole' }),
        }),
        expect.objectContaining({ row: 4, field: 'phone', message: text('PHONE_EXISTS', ZH) }),
        expect.objectContaining({
          row: 5,
          field: 'username',
          message: text('IMPORT_DUPLICATE_IN_FILE', ZH, { value: a.username.toLowerCase(), row: 2 }),
        }),
      ]),
    );
    expect(zh.body.result.imported).toBe(0);
    expect(await userCount(a.username)).toBe(0);
    expect(await userCount(b.username)).toBe(0);

    const good = [
      '用户名,真实姓名,密码,手机号,邮箱,国家/地区,角色（编码）,部门（机构编码）',
      `${a.username},Ann,Welcome123,${a.national},${a.email},CN,customer,A06`,
      `${b.username},Bob,Welcome123,,,,"agent,customer","A05,A08"`,
    ].join('\n');
    const done = await upload(good, 'users.csv');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result.imported).toBe(2);
    const list = expectOk(
      await s().call<Page<UserListItem>>('GET', '/sys/user/list', {
        token: tokens.admin!,
        query: { keyword: b.username },
      }),
    );
    expect(list.records[0]).toMatchObject({
      username: b.username,
      roles: ['agent', 'customer'],
      orgCode: null,
    });
    expect(list.records[0]!.departs.map((d) => d.orgCode)).toEqual(['A05', 'A08']);
    expect(await tokenOf(s(), a.username, {}, 'Welcome123')).toBeTruthy();
  });
});

describe('GET /sys/user/exportXls', () => {
  it('streams a real .xlsx of the filtered users with headers and labels in the caller’s language', async () => {
    const { f, body } = newUser();
    expectOk(await add(body));
    const read = async (locale: Locale) => {
      const response = await fetch(
        `${s().baseUrl}/api/sys/user/exportXls?${new URLSearchParams({ keyword: f.username })}`,
        { headers: { 'X-Access-Token': tokens.admin!, 'X-Locale': locale } },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/users-\d{4}-\d{2}-\d{2}\.xlsx/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const en = await read(EN);
    expect(en[0]).toEqual([
      'Username',
      'Real name',
      'Phone',
      'Email',
      'Country',
      'Roles (codes)',
      'Departments (org codes)',
      'Company',
      'Status',
      'Created at',
    ]);
    expect(en).toHaveLength(2);
    expect(en[1]!.slice(0, 9)).toEqual([
      f.username,
      `Real ${f.username}`,
      f.phone,
      f.email,
      'CN',
      'customer',
      'A06',
      'Direct Retail Ltd',
      'Normal',
    ]);
    const zh = await read(ZH);
    expect(zh[0]![0]).toBe('用户名');
    expect(zh[1]![8]).toBe('正常');
  });
});

describe('a caller below the platform given the Users screen', () => {
  it('adds users only to companies in its scope and sees only those', async () => {
    // System › Users and its Add button for the agent role, as an administrator gives them on the
    // roles screen.
    const granted = expectOk(
      await s().call<string[]>('GET', '/sys/permission/queryRolePermission', {
        token: tokens.admin!,
        query: { roleId: roleId('agent') },
      }),
    );
    expectOk(
      await s().call('POST', '/sys/permission/saveRolePermission', {
        token: tokens.admin!,
        body: {
          roleId: roleId('agent'),
          permissionIds: [...granted, seededId('menu:systemUser'), seededId('menu:userAdd')],
        },
      }),
    );
    const agent = await tokenOf(s(), 'agent');
    const outside = newUser({ roleIds: [roleId('agent')] }).body;
    expectFieldError(await add(outside, EN, agent), 'companyId', text('COMPANY_NOT_FOUND'));
    expectFieldError(
      await add({ ...outside, companyId: null }, EN, agent),
      'companyId',
      text('COMPANY_NOT_FOUND'),
    );
    // A role the agent does not hold itself is not its to give.
    expectFieldError(
      await add(
        { ...outside, companyId: companyId('Agency Client Co'), roleIds: [roleId('admin')] },
        EN,
        agent,
      ),
      'roleIds',
      text('ROLE_UNKNOWN', EN, { role: 'admin' }),
    );
    const inside = expectOk(
      await add(
        { ...outside, companyId: companyId('Agency Client Co'), departIds: [departId('A08')] },
        EN,
        agent,
      ),
    );
    expect(inside.companyName).toBe('Agency Client Co');
    expectError(
      await s().call('GET', '/sys/user/queryById', { token: agent, query: { id: userId('customer') } }),
      404,
      'USER_NOT_FOUND',
    );
    expect(
      expectOk(
        await s().call<UserRecord>('GET', '/sys/user/queryById', { token: agent, query: { id: inside.id } }),
      ).username,
    ).toBe(inside.username);
  });
});
