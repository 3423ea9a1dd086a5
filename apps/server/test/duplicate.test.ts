import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { companyId, expectError, expectFieldError, expectOk, userId, ZH } from './support/api';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = (await s.login('admin')).token;
});
afterAll(() => s.close());

const check = (
  query: Record<string, string>,
  options: { locale?: string; headers?: Record<string, string>; token?: string } = {},
) => s.call<null>('GET', '/sys/duplicate/check', { query, ...options });
const user = (fieldVal: string, extra: Record<string, string> = {}) =>
  check({ tableName: 'sys_user', fieldName: 'username', fieldVal, ...extra });

describe('GET /sys/duplicate/check', () => {
  it('answers 400 DUPLICATE_EXISTS for a taken username', async () => {
    const res = await user('admin');
    expectError(res, 400, 'DUPLICATE_EXISTS');
    expect(res.body.message).toBe('This value already exists');
    const zh = await check(
      { tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' },
      { locale: ZH },
    );
    expect(zh.body.message).toBe('该值不可用，系统中已存在！');
  });

  it('answers success for a free value', async () => {
    const res = await user('nobody');
    expect(expectOk(res)).toBeNull();
    expect(res.body.message).toBe('This value is available');
    const zh = await check(
      { tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody' },
      { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } },
    );
    expect(zh.body.message).toBe('该值可用！');
  });

  it('excludes the record being edited (dataId)', async () => {
    expectOk(await user('admin', { dataId: userId('admin') }));
    expectError(await user('admin', { dataId: userId('customer') }), 400, 'DUPLICATE_EXISTS');
    // A dataId that is not an id is ignored, not an error.
    expectError(await user('admin', { dataId: "x' OR '1'='1" }), 400, 'DUPLICATE_EXISTS');
  });

  it('answers success for an empty value', async () => {
    expectOk(await user(''));
    expectOk(await check({ tableName: 'sys_user', fieldName: 'username' }));
  });

  it('compares company names case-insensitively', async () => {
    const company = (fieldVal: string, extra: Record<string, string> = {}) =>
      check({ tableName: 'sys_company', fieldName: 'name', fieldVal, ...extra });
    expectError(await company('Direct Retail Ltd'), 400, 'DUPLICATE_EXISTS');
    expectError(await company('direct retail ltd'), 400, 'DUPLICATE_EXISTS');
    expectError(await company('DIRECT RETAIL LTD'), 400, 'DUPLICATE_EXISTS');
    expectOk(await company('Direct Retail Ltd', { dataId: companyId('Direct Retail Ltd') }));
    expectOk(await company('Direct Retail'));
  });

  it('checks departments, roles and dictionaries for signed-in users only', async () => {
    const signedIn = { token: admin };
    expectError(
      await check({ tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'A05' }, signedIn),
      400,
      'DUPLICATE_EXISTS',
    );
    expectOk(await check({ tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'Z99' }, signedIn));
    expectError(
      await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'agent' }, signedIn),
      400,
      'DUPLICATE_EXISTS',
    );
    expectError(
      await check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'priority' }, signedIn),
      400,
      'DUPLICATE_EXISTS',
    );
    // Without a session only the sign-up form's fields can be checked.
    for (const [tableName, fieldName] of [
      ['sys_depart', 'org_code'],
      ['sys_role', 'role_code'],
      ['sys_dict', 'dict_code'],
      ['sys_company', 'phone'],
    ] as const) {
      expectError(await check({ tableName, fieldName, fieldVal: 'A05' }), 401, 'UNAUTHORIZED');
    }
  });

  it('compares phone numbers the way sign-up stores them', async () => {
    // Sign-up answers a captcha (its picture issued for a key first).
    s.captcha.next = 'ab12';
    expectOk(await s.call<string>('GET', '/sys/randomImage/phone-check-signup'));
    const signUp = await s.call('POST', '/sys/user/register', {
      body: {
        captcha: 'ab12',
        checkKey: 'phone-check-signup',
        companyName: 'Phone Check Ltd',
        contactName: 'Lin Wei',
        phone: '+8613800138000',
        email: 'phone.check@example.com',
        username: 'phonecheck',
        password: 'Harbour2026',
        confirmPassword: 'Harbour2026',
      },
    });
    expect(signUp.status).toBe(200);
    const phone = (fieldVal: string, extra: Record<string, string> = {}) =>
      check({ tableName: 'sys_user', fieldName: 'phone', fieldVal, ...extra });
    expectError(await phone('+86 138 0013 8000'), 400, 'DUPLICATE_EXISTS');
    expectError(await phone('138-0013-8000', { country: 'CN' }), 400, 'DUPLICATE_EXISTS');
    expectOk(await phone('+86 138 0013 8001'));
    // Not a number yet: not taken (the form explains the format).
    expectOk(await phone('12345'));
    expectFieldError(await phone('13800138000', { country: 'china' }), 'country', 'country is invalid');
  });

  it.each([
    ['users', 'password_hash'],
    ['sys_user', 'password_hash'],
    ['sys_user', 'passwordHash'],
    ['sys_user; drop table users--', 'username'],
    ['sys_user', 'username; drop table users--'],
    ["sys_user' OR '1'='1", 'username'],
    ['pg_catalog.pg_user', 'usename'],
    ['sessions', 'token_hash'],
    ['__proto__', 'username'],
    ['sys_user', 'constructor'],
    ['sys_user', '__proto__'],
    ['constructor', 'name'],
  ])('refuses table %j field %j with 400 DUPLICATE_NOT_ALLOWED', async (tableName, fieldName) => {
    const res = await check({ tableName, fieldName, fieldVal: 'admin' });
    expectError(res, 400, 'DUPLICATE_NOT_ALLOWED');
    expect(res.body.message).toBe('This field cannot be checked');
  });

  it('answers the refusal in Chinese', async () => {
    const res = await check(
      { tableName: 'users', fieldName: 'password_hash', fieldVal: 'x' },
      { locale: ZH },
    );
    expectError(res, 400, 'DUPLICATE_NOT_ALLOWED', { locale: ZH });
    expect(res.body.message).toBe('该字段不允许校验');
  });

  it('treats SQL in the value as a plain value', async () => {
    expectOk(await user("admin' OR '1'='1"));
    expectOk(await user("admin'--"));
    expectOk(await user('%'));
    expectOk(await user('_____'));
    expectOk(await check({ tableName: 'sys_company', fieldName: 'name', fieldVal: '%' }));
  });

  it('still works afterwards: the users table is intact', async () => {
    expectError(await user('admin'), 400, 'DUPLICATE_EXISTS');
    expectError(await user('customer'), 400, 'DUPLICATE_EXISTS');
    expect((await s.login('admin')).userInfo.username).toBe('admin');
  });

  it('validates the query', async () => {
    expectFieldError(
      await check({ fieldName: 'username', fieldVal: 'x' }),
      'tableName',
      'tableName is required',
    );
    expectFieldError(
      await check({ tableName: 'sys_user', fieldVal: 'x' }),
      'fieldName',
      'fieldName is required',
    );
    expectFieldError(
      await check({ tableName: '', fieldName: 'username' }),
      'tableName',
      'tableName is required',
    );
    expectFieldError(
      await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'x'.repeat(300) }),
      'fieldVal',
      'fieldVal must be at most 256 characters',
    );
  });
});
