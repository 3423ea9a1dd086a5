import {
  type CaptchaChallenge,
  type Envelope,
  type ErrorCode,
  type Locale,
  type RoleCode,
  solveCaptcha,
  translateError,
} from '@switchboard/contracts';
import { expect, TestRunner } from 'vitest';
import { stableId } from '../../src/db/seed/index';
import { hashPassword } from '../../src/platform/passwords';
import { type CallOptions, type CallResult, DEMO_PASSWORD, type TestServer } from '../harness';

export const EN: Locale = 'en-US';
export const ZH: Locale = 'zh-CN';

/** The keys an envelope may have: the five always there, errorCode and errors on errors. */
const ALWAYS = ['code', 'message', 'result', 'success', 'timestamp'];
const OPTIONAL = new Set(['errorCode', 'errors']);

/** The text of a code as the server should send it. */
export const text = (code: ErrorCode, locale: Locale = EN, params: Record<string, string | number> = {}) =>
  translateError(code, locale, params);

/** The seeded id of a demo user, company or department (`user:admin`, `company:Acme Agency`, `depart:A05`). */
export const seededId = (key: string) => stableId(key);
export const userId = (username: string) => stableId(`user:${username}`);
export const companyId = (name: string) => stableId(`company:${name}`);
export const departId = (orgCode: string) => stableId(`depart:${orgCode}`);

/** The demo companies (the seed's): a direct customer, a two-way one, a distributor, its agency and the agency's customer. */
export const DIRECT = companyId('Direct Retail Ltd');
export const TWO_WAY = companyId('Two-Way Logistics');
export const NORTHWIND = companyId('Northwind Distribution');
export const ACME = companyId('Acme Agency');
export const AGENCY_CLIENT = companyId('Agency Client Co');

/** Options that make a request come from `ip` (the server must trust the proxy header). */
export const fromIp = (
  ip: string,
  extra: Record<string, string> = {},
): { headers: Record<string, string> } => ({
  headers: { 'X-Forwarded-For': ip, ...extra },
});

/** Checks the envelope shape and that no internals (stack traces, file paths) leak. */
export function expectEnvelope(body: Envelope<unknown>, status: number) {
  const keys = Object.keys(body);
  for (const key of ALWAYS) expect(keys).toContain(key);
  expect(keys.filter((k) => !ALWAYS.includes(k) && !OPTIONAL.has(k))).toEqual([]);
  expect(typeof body.success).toBe('boolean');
  expect(typeof body.message).toBe('string');
  expect(body.code).toBe(status);
  expect(body.success).toBe(status < 400);
  expect(typeof body.timestamp).toBe('number');
  expect(Math.abs(body.timestamp - Date.now())).toBeLessThan(60_000);
  expectNoInternals(body);
}

export function expectNoInternals(body: unknown) {
  const raw = JSON.stringify(body);
  expect(raw).not.toMatch(
    /"stack"|\n\s+at |node_modules|\.ts:\d+|\.js:\d+|FST_ERR|ZodError|syntax error at/i,
  );
}

/** A 2xx answer with the envelope; returns the result. */
export function expectOk<T>(res: CallResult<T>, status = 200): T {
  if (res.status !== status) {
    throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  }
  expectEnvelope(res.body, status);
  expect(res.body.success).toBe(true);
  return res.body.result;
}

/** An error answer: status, errorCode and (unless `message` is false) the exact text in `locale`. */
export function expectError(
  res: CallResult<unknown>,
  status: number,
  errorCode: ErrorCode,
  options: { locale?: Locale; params?: Record<string, string | number>; message?: string | false } = {},
) {
  expect({ status: res.status, errorCode: res.body.errorCode, message: res.body.message }).toMatchObject({
    status,
    errorCode,
    ...(options.message === false
      ? {}
      : { message: options.message ?? text(errorCode, options.locale ?? EN, options.params) }),
  });
  expectEnvelope(res.body, status);
  expect(res.body.success).toBe(false);
}

/** A 400 validation answer naming `field` with `message` (also the envelope message when first). */
export function expectFieldError(res: CallResult<unknown>, field: string, message: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expectEnvelope(res.body, 400);
  expect(res.body.errorCode).toBe('VALIDATION_FAILED');
  const problem = res.body.errors?.find((e) => e.field === field);
  expect(problem, `no error for ${field} in ${JSON.stringify(res.body.errors)}`).toBeDefined();
  if (typeof message === 'string') expect(problem?.message).toBe(message);
  else expect(problem?.message).toMatch(message);
}

/** Logs in with a fresh token (optionally from an address); throws on failure. */
export async function tokenOf(
  s: TestServer,
  username: string,
  options: CallOptions = {},
  password = DEMO_PASSWORD,
) {
  const res = await s.call<{ token: string }>('POST', '/sys/login', {
    ...options,
    body: { username, password },
  });
  if (res.status !== 200)
    throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.result.token;
}

let companiesAdded = 0;

/**
 * A customer company added through the API by `token` (an administrator), as the companies
 * screen does: approved, with its department and administrator user; `body` adds or replaces
 * fields. Returns its id.
 */
export async function addCompany(
  s: TestServer,
  token: string,
  name: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const n = ++companiesAdded;
  const tag = `${n}${Math.random().toString(36).slice(2, 6)}`;
  const added = await s.call<{ id: string }>('POST', '/sys/company/add', {
    token,
    body: {
      name,
      type: 'direct',
      contactName: 'Test Contact',
      // Phones are unique among companies: 555-01xx, the numbers kept for fiction.
      phone: `+1212555${String(100 + n).padStart(4, '0')}`,
      email: `company${tag}@example.com`,
      username: `company_${tag}`,
      password: 'Company2026',
      ...body,
    },
  });
  return expectOk(added).id;
}

let topUps = 0;

/** Puts `amount` (a decimal string) on a company's balance, as staff do by hand (`token`: staff's). */
export async function topUp(s: TestServer, token: string, companyId: string, amount: string): Promise<void> {
  expectOk(
    await s.call('POST', '/sys/balance/adjust', {
      token,
      body: {
        companyId,
        direction: 'credit',
        amount,
        reason: 'test top-up',
        idempotencyKey: `topup-${++topUps}-${Math.random().toString(36).slice(2, 10)}`,
      },
    }),
  );
}

let names = 0;

/**
 * A name no other test takes: `label`, a counter and four random letters, joined by `separator`
 * (`_` by default, which IVR names take; they refuse `-` and spaces).
 */
export const uniqueName = (label: string, separator = '_') =>
  [label, ++names, Math.random().toString(36).slice(2, 6)].join(separator);

export interface NewUser {
  username: string;
  realname?: string;
  password?: string;
  roles?: (RoleCode | string)[];
  departments?: string[];
  orgCode?: string | null;
  companyId?: string | null;
}

/** Makes a user through the owning services (for set-ups the API cannot make). Returns its id. */
export async function insertUser(s: TestServer, user: NewUser): Promise<string> {
  // Through the owning modules' services: the user, its roles (permission), its departments.
  const { users, roles, departs } = s.app.services;
  const row = await users.create({
    username: user.username,
    realname: user.realname ?? user.username,
    passwordHash: await hashPassword(user.password ?? DEMO_PASSWORD),
    orgCode: user.orgCode ?? null,
    companyId: user.companyId ?? null,
  });
  if (user.roles?.length) {
    expect(await roles.countExisting(user.roles)).toBe(new Set(user.roles).size);
    await roles.assign(row.id, user.roles);
  }
  const codes = user.departments ?? [];
  const found = await departs.byOrgCodes(codes);
  for (const orgCode of codes) {
    const d = found.find((f) => f.orgCode === orgCode);
    if (!d) throw new Error(`no department ${orgCode}`);
    await departs.addUser(row.id, d.id);
  }
  return row.id;
}

/**
 * A captcha challenge issued for `checkKey` (a new one by default) and its proof of work, solved
 * as the console solves it: `{captcha, checkKey}` of a sign-in or sign-up.
 */
export async function solvedCaptcha(
  s: TestServer,
  checkKey = `k${Math.random().toString(36).slice(2, 12)}`,
  options: CallOptions = {},
): Promise<{ captcha: string; checkKey: string }> {
  const res = await s.call<CaptchaChallenge>('GET', `/sys/randomImage/${checkKey}`, options);
  if (res.status !== 200) throw new Error(`captcha not issued: ${res.status}`);
  return { captcha: await solveCaptcha(res.body.result), checkKey };
}

/** `body` with a fresh captcha and its proof of work, as the console sends them. */
export async function withCaptcha(
  s: TestServer,
  body: Record<string, unknown>,
  options: CallOptions = {},
): Promise<Record<string, unknown>> {
  return { ...body, ...(await solvedCaptcha(s, undefined, options)) };
}

/**
 * Retries an assertion until it holds (for writes done after the answer is sent): at once, then
 * with a back-off from 10 ms up to 250 ms between tries. It gives up with the check's last error
 * `timeoutMs` after it began or, by default, shortly before the running test's own limit (so a
 * condition that never comes fails with its assertion, not a bare time-out; in a hook, 45 s).
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs?: number): Promise<T> {
  const until = timeoutMs === undefined ? testDeadline() : Date.now() + timeoutMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 250)) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** A moment before the running test's limit (its start plus its timeout), or 45 s from now. */
function testDeadline(): number {
  const test = TestRunner.getCurrentTest();
  const started = test?.result?.startTime;
  if (!test || started === undefined || test.timeout <= 0) return Date.now() + 45_000;
  return started + test.timeout - Math.min(5_000, test.timeout / 10);
}
