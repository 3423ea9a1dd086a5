import {
  type ErrorCode,
  type KeysetPage,
  type LoginResult,
  type Page,
  translateError,
} from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallResult, DEMO_PASSWORD, startServer, type TestServer } from './harness';
import {
  addCompany,
  companyId,
  EN,
  expectEnvelope,
  expectFieldError,
  expectOk,
  userId,
  ZH,
} from './support/api';

type Body = Record<string, unknown>;

interface RouteCase {
  method: 'POST' | 'PUT';
  path: string;
  /** Who calls it (a demo user), or nobody for public routes. */
  as?: 'admin' | 'sales' | 'customer';
  /** A body that passes validation (the route may still refuse it for business reasons). */
  valid: Body;
  /** Required fields and the code of their "missing" message. */
  required: Record<string, ErrorCode>;
  /** Text fields (dotted path for array items) and the code/params their 10 000-character value gets. */
  text: Record<string, { code: ErrorCode; params?: Record<string, number> }>;
  /** Array fields: a non-array is the wrong type. */
  arrays?: string[];
  /** Statuses a refused (but valid or injected) body may get; never 500. */
  refusals: number[];
}

const tooLong = (max: number) => ({ code: 'FIELD_TOO_LONG' as const, params: { max } });

const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/sys/login',
    valid: {
      username: 'admin',
      password: 'Wrong-Password1',
      captcha: 'abcd',
      checkKey: 'k1',
      googleCode: '123456',
    },
    required: { username: 'FIELD_REQUIRED', password: 'FIELD_REQUIRED' },
    text: {
      username: tooLong(64),
      password: tooLong(256),
      captcha: tooLong(16),
      checkKey: tooLong(64),
      googleCode: tooLong(16),
    },
    refusals: [400],
  },
  {
    method: 'POST',
    path: '/cas/client/validateLogin',
    valid: { ticket: 'ST-1', service: 'https://console.example.com/' },
    required: { ticket: 'FIELD_REQUIRED', service: 'FIELD_REQUIRED' },
    text: { ticket: tooLong(512), service: tooLong(2048) },
    refusals: [400, 501],
  },
  {
    method: 'POST',
    path: '/sys/selectDepart',
    as: 'sales',
    valid: { orgCode: 'A02', username: 'sales' },
    required: { orgCode: 'FIELD_REQUIRED' },
    text: { orgCode: tooLong(64), username: tooLong(64) },
    refusals: [400, 403],
  },
  {
    method: 'POST',
    path: '/sys/user/updatePassword',
    as: 'customer',
    valid: {
      username: 'customer',
      oldpassword: 'Not-The-Old-1',
      password: 'Brand-New-1',
      confirmpassword: 'Brand-New-1',
    },
    required: {
      username: 'FIELD_REQUIRED',
      oldpassword: 'OLD_PASSWORD_REQUIRED',
      password: 'NEW_PASSWORD_REQUIRED',
      confirmpassword: 'CONFIRM_PASSWORD_REQUIRED',
    },
    text: {
      username: tooLong(64),
      oldpassword: tooLong(256),
      password: tooLong(64),
      confirmpassword: tooLong(64),
    },
    refusals: [400, 403],
  },
  {
    method: 'POST',
    path: '/sys/user/googleAuth/bind',
    as: 'customer',
    valid: { code: '123456' },
    required: { code: 'FIELD_REQUIRED' },
    text: { code: { code: 'GOOGLE_CODE_INVALID' } },
    refusals: [400, 409],
  },
  {
    method: 'PUT',
    path: '/sys/user/frozenBatch',
    as: 'admin',
    valid: { ids: [userId('customer2')], status: 1 },
    required: { ids: 'FIELD_REQUIRED', status: 'FIELD_REQUIRED' },
    text: { 'ids.0': { code: 'FIELD_INVALID' } },
    arrays: ['ids'],
    refusals: [400],
  },
  {
    method: 'PUT',
    path: '/sys/user/ipWhitelist',
    as: 'admin',
    valid: { userId: userId('customer2'), rules: [] },
    required: { userId: 'FIELD_REQUIRED', rules: 'FIELD_REQUIRED' },
    text: { userId: { code: 'FIELD_INVALID' }, 'rules.0': tooLong(64) },
    arrays: ['rules'],
    refusals: [400],
  },
  {
    method: 'PUT',
    path: '/sys/company/ipWhitelist',
    as: 'admin',
    valid: { companyId: companyId('Two-Way Logistics'), rules: [] },
    required: { companyId: 'FIELD_REQUIRED', rules: 'FIELD_REQUIRED' },
    text: { companyId: { code: 'FIELD_INVALID' }, 'rules.0': tooLong(64) },
    arrays: ['rules'],
    refusals: [400],
  },
];

const INJECTIONS = ["' OR '1'='1' --", "admin'--", '1; DROP TABLE users', '<script>alert(1)</script>'];
const WRONG_TYPES: [string, unknown][] = [
  ['a number', 12345],
  ['an array', ['admin']],
  ['an object', { $ne: null }],
];

let s: TestServer;
const tokens: Record<string, string> = {};
let ipCounter = 0;
/** Every request comes from its own address, so failure counts and rate limits do not add up. */
const nextIp = () => {
  ipCounter++;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

beforeAll(async () => {
  s = await startServer({ TRUST_PROXY: '1' });
  for (const user of ['admin', 'sales', 'customer'] as const) tokens[user] = (await s.login(user)).token;
});
afterAll(() => s.close());

function send(route: RouteCase, body: unknown, options: { locale?: string; raw?: boolean } = {}) {
  const token = route.as ? tokens[route.as] : undefined;
  return s.call(route.method, route.path, {
    headers: { 'X-Forwarded-For': nextIp() },
    ...(token ? { token } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(body === undefined ? {} : { body }),
  });
}

/** Sets a dotted path (`rules.0`) in a copy of the body. */
function withValue(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const [head = '', index] = path.split('.');
  if (index === undefined) copy[head] = value;
  else copy[head] = [value];
  return copy;
}

function without(body: Body, field: string): Body {
  const { [field]: _gone, ...rest } = body;
  return rest;
}

function expectRefused(res: CallResult<unknown>, route: RouteCase) {
  expect(res.status, JSON.stringify(res.body)).not.toBe(500);
  expect(route.refusals).toContain(res.status);
  expectEnvelope(res.body, res.status);
  expect(res.body.success).toBe(false);
}

/** After anything done to the login route, a normal login works (and resets the counts). */
async function normalLogin() {
  const res = await s.call<LoginResult>('POST', '/sys/login', {
    headers: { 'X-Forwarded-For': nextIp() },
    body: { username: 'admin', password: DEMO_PASSWORD },
  });
  expect(expectOk(res).userInfo.username).toBe('admin');
}

for (const route of ROUTES) {
  describe(`${route.method} ${route.path}`, () => {
    it('passes validation with the reference body', async () => {
      const res = await send(route, route.valid);
      expect(res.status).not.toBe(500);
      expect(res.body.errorCode).not.toBe('VALIDATION_FAILED');
    });

    it('answers a missing body with 400 naming every required field', async () => {
      const res = await send(route, undefined);
      expect(res.status).toBe(400);
      expectEnvelope(res.body, 400);
      expect(res.body.errorCode).toBe('VALIDATION_FAILED');
      expect((res.body.errors ?? []).map((e) => e.field)).toEqual(Object.keys(route.required));
      if (route.path === '/sys/login') await normalLogin();
    });

    for (const [field, code] of Object.entries(route.required)) {
      it(`answers a missing ${field} with 400 "${translateError(code, EN, { field })}" in both languages`, async () => {
        const body = without(route.valid, field);
        const res = await send(route, body);
        expectFieldError(res, field, translateError(code, EN, { field }));
        expect(res.body.message).toBe(translateError(code, EN, { field }));
        const zh = await send(route, body, { locale: ZH });
        expectFieldError(zh, field, translateError(code, ZH, { field }));
        // null is missing too.
        expectFieldError(
          await send(route, { ...route.valid, [field]: null }),
          field,
          translateError(code, EN, { field }),
        );
      });
    }

    for (const field of Object.keys(route.text).filter((f) => !f.includes('.'))) {
      for (const [kind, value] of WRONG_TYPES) {
        it(`answers ${kind} as ${field} with 400 "has the wrong type"`, async () => {
          const res = await send(route, { ...route.valid, [field]: value });
          expectFieldError(res, field, `${field} has the wrong type`);
          if (kind === 'a number') {
            const zh = await send(route, { ...route.valid, [field]: value }, { locale: ZH });
            expectFieldError(zh, field, `${field}类型错误`);
          }
        });
      }
    }

    for (const field of route.arrays ?? []) {
      for (const value of ['abc', 5, { a: 1 }]) {
        it(`answers ${JSON.stringify(value)} as ${field} with 400 "has the wrong type"`, async () => {
          expectFieldError(
            await send(route, { ...route.valid, [field]: value }),
            field,
            `${field} has the wrong type`,
          );
        });
      }
    }

    for (const [field, { code, params }] of Object.entries(route.text)) {
      it(`answers a 10 000-character ${field} with 400 "${translateError(code, EN, { field, ...params })}"`, async () => {
        const res = await send(route, withValue(route.valid, field, 'x'.repeat(10_000)));
        expectFieldError(res, field, translateError(code, EN, { field, ...params }));
        if (code === 'FIELD_TOO_LONG') expect(res.body.message).toContain('must be at most');
      });
    }

    it('never fails or lets anyone in with SQL or script in a text field', async () => {
      for (const field of Object.keys(route.text)) {
        for (const payload of INJECTIONS) {
          const res = await send(route, withValue(route.valid, field, payload));
          expectRefused(res, route);
          expect(res.status, `${field}=${payload}`).not.toBe(200);
          if (route.path === '/sys/login') {
            // The injected attempt is judged as a plain wrong login (or too long a field).
            expect(['WRONG_CREDENTIALS', 'VALIDATION_FAILED']).toContain(res.body.errorCode);
            await normalLogin();
          }
        }
      }
    });
  });
}

describe('other wrong types', () => {
  it('refuses a status other than 1 or 2', async () => {
    const frozen = ROUTES.find((r) => r.path === '/sys/user/frozenBatch');
    if (!frozen) throw new Error('no frozenBatch case');
    for (const status of ['2', 3, 0, null, 'x']) {
      const res = await send(frozen, { ...frozen.valid, status });
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['status']);
    }
  });

  it('refuses an empty id list and too many ids', async () => {
    const frozen = ROUTES.find((r) => r.path === '/sys/user/frozenBatch');
    if (!frozen) throw new Error('no frozenBatch case');
    expectFieldError(await send(frozen, { ids: [], status: 1 }), 'ids', 'ids is required');
    const many = Array.from({ length: 501 }, () => userId('customer2'));
    expectFieldError(await send(frozen, { ids: many, status: 1 }), 'ids', /ids/);
  });

  it('refuses a body that is a JSON array or string', async () => {
    for (const rawBody of ['[]', '"admin"', '123']) {
      const res = await s.call('POST', '/sys/login', { rawBody, headers: { 'X-Forwarded-For': nextIp() } });
      expect(res.status).toBe(400);
      expectEnvelope(res.body, 400);
    }
  });

  it('ignores unknown fields: a customer cannot make itself an admin', async () => {
    const res = await s.call<LoginResult>('POST', '/sys/login', {
      headers: { 'X-Forwarded-For': nextIp() },
      // Not 'customer': its wrong old passwords above count as failed sign-ins (it would need a captcha).
      body: { username: 'agentcustomer', password: DEMO_PASSWORD, isAdmin: true, roles: ['admin'], extra: 1 },
    });
    expect(expectOk(res).userInfo).toMatchObject({
      username: 'agentcustomer',
      isAdmin: false,
      roles: ['customer'],
    });
  });

  it('refuses prototype keys in JSON with 400, not 500', async () => {
    for (const key of ['__proto__', 'constructor']) {
      const res = await s.call('POST', '/sys/login', {
        headers: { 'X-Forwarded-For': nextIp() },
        rawBody: `{"username":"admin","password":"x","${key}":{"prototype":{"polluted":true},"polluted":true}}`,
      });
      expect(res.status).toBe(400);
      expectEnvelope(res.body, 400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('GET query validation', () => {
  const list = (query: Record<string, string>) =>
    s.call<Page<{ name: string }>>('GET', '/sys/company/list', { token: tokens.admin, query });

  it.each([
    ['pageSize', 'abc'],
    ['pageSize', '0'],
    ['pageSize', '501'],
    ['pageSize', '1.5'],
    ['pageNo', '0'],
    ['pageNo', '-1'],
    ['pageNo', 'NaN'],
    ['type', 'bogus'],
  ])('GET /sys/company/list refuses %s=%s with 400', async (field, value) => {
    const res = await list({ [field]: value });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 400);
    expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
  });

  it('says a number’s bound as a value, not in characters, in both languages', async () => {
    expectFieldError(await list({ pageNo: '0' }), 'pageNo', 'pageNo must be at least 1');
    expectFieldError(await list({ pageSize: '501' }), 'pageSize', 'pageSize must be at most 500');
    const zh = await s.call('GET', '/sys/company/list', {
      token: tokens.admin,
      query: { pageNo: '0' },
      locale: ZH,
    });
    expectFieldError(zh, 'pageNo', 'pageNo不能小于1');
  });

  it('refuses an over-long name', async () => {
    expectFieldError(await list({ name: 'x'.repeat(10_000) }), 'name', 'name must be at most 128 characters');
  });

  it('treats % and _ in the name literally', async () => {
    await addCompany(s, tokens.admin!, '50% Off_Deals');
    const all = expectOk(await list({ pageSize: '100' }));
    expect(all.total).toBe(6);
    expect(expectOk(await list({ name: '%' })).records.map((c) => c.name)).toEqual(['50% Off_Deals']);
    expect(expectOk(await list({ name: '_' })).records.map((c) => c.name)).toEqual(['50% Off_Deals']);
    expect(expectOk(await list({ name: '0% O' })).records.map((c) => c.name)).toEqual(['50% Off_Deals']);
    expect(expectOk(await list({ name: 'ltd' })).records.map((c) => c.name)).toEqual(['Direct Retail Ltd']);
    expect(expectOk(await list({ name: '\\' })).total).toBe(0);
    for (const name of INJECTIONS) expect(expectOk(await list({ name })).total).toBe(0);
  });

  it.each([
    ['pageSize', 'abc'],
    ['from', 'not-a-date'],
    ['username', 'x'.repeat(10_000)],
  ])('GET /sys/log/loginLog refuses %s with 400', async (field, value) => {
    const res = await s.call('GET', '/sys/log/loginLog', { token: tokens.admin, query: { [field]: value } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
  });

  it('answers a bad query in Chinese', async () => {
    const res = await s.call('GET', '/sys/company/list', {
      token: tokens.admin,
      query: { name: 'x'.repeat(200) },
      locale: ZH,
    });
    expectFieldError(res, 'name', 'name最多128个字符');
  });
});

describe('afterwards', () => {
  it('the tables still work: a normal login, the user list and the logs', async () => {
    await normalLogin();
    const token = (await s.login('customer2')).token;
    const departs = await s.call<{ orgCode: string }>('GET', '/sys/user/getCurrentUserDeparts', { token });
    expect(expectOk(departs).orgCode).toBe('A07');
    const log = expectOk(
      await s.call<KeysetPage<{ username: string }>>('GET', '/sys/log/loginLog', {
        token: tokens.admin,
        query: { username: "admin'--" },
      }),
    );
    expect(log.records.length).toBeGreaterThan(0);
    expect(log.records.every((r) => r.username === "admin'--")).toBe(true);
  });
});
