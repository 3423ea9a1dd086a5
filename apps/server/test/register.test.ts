import type { LoginResult, Page } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallOptions, startServer, type TestServer } from './harness';
import { EN, expectError, text, withCaptcha, ZH } from './support/api';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const good = {
  companyName: 'Blue Harbour Trading',
  contactName: 'Lin Wei',
  phone: '+8613800138000',
  email: 'Lin.Wei@BlueHarbour.example',
  username: 'blueharbour',
  password: 'Harbour2026',
  confirmPassword: 'Harbour2026',
};

/** A sign-up with a captcha fetched and answered, as the sign-up page does. */
const register = async <T = unknown>(options: CallOptions & { body: Record<string, unknown> }) =>
  s.call<T>('POST', '/sys/user/register', { ...options, body: await withCaptcha(s, options.body) });

describe('company sign-up', () => {
  it('creates a company waiting for approval whose user cannot sign in until approved', async () => {
    const res = await register<{ companyId: string; approvalStatus: string }>({
      body: good,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(text('REGISTERED'));
    expect(res.body.result.approvalStatus).toBe('waiting');
    const login = await s.call('POST', '/sys/login', {
      body: { username: 'blueharbour', password: 'Harbour2026' },
    });
    expect(login.status).toBe(403);
    expect(login.body.errorCode).toBe('ACCOUNT_NOT_APPROVED');
    await s.app.services.companies.update(res.body.result.companyId, { approvalStatus: 'approved' });
    const after = await s.call<LoginResult>('POST', '/sys/login', {
      body: { username: 'blueharbour', password: 'Harbour2026' },
    });
    expect(after.status).toBe(200);
    expect(after.body.result.userInfo.roles).toEqual(['customer']);
    expect(after.body.result.departs.map((d) => d.departName)).toEqual(['Blue Harbour Trading']);
    // The new customer sees only its own company.
    const list = await s.call<Page<{ name: string }>>('GET', '/sys/company/list', {
      token: after.body.result.token,
    });
    expect(list.body.result.records.map((c) => c.name)).toEqual(['Blue Harbour Trading']);
  });

  it('refuses duplicates with a message per field, in the caller language', async () => {
    const res = await register({
      body: { ...good, companyName: 'blue harbour TRADING', email: 'lin.wei@blueharbour.example' },
      locale: ZH,
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      { field: 'companyName', message: text('COMPANY_EXISTS', ZH) },
      { field: 'username', message: text('USERNAME_EXISTS', ZH) },
      { field: 'phone', message: text('PHONE_EXISTS', ZH) },
      { field: 'email', message: text('EMAIL_EXISTS', ZH) },
    ]);
    expect(res.body.message).toBe('公司已存在');
  });

  it.each([
    [{ phone: '12345' }, 'phone', 'PHONE_INVALID'],
    [{ email: 'not-an-email' }, 'email', 'EMAIL_INVALID'],
    [{ username: 'bad name!' }, 'username', 'USERNAME_INVALID'],
    [{ password: 'weakpass', confirmPassword: 'weakpass' }, 'password', 'PASSWORD_TOO_WEAK'],
    [{ confirmPassword: 'Other2026x' }, 'confirmPassword', 'PASSWORDS_DIFFERENT'],
  ] as const)('refuses %j', async (change, field, code) => {
    const res = await register({
      body: {
        ...good,
        companyName: 'Other Co',
        username: 'otherco',
        email: 'o@o.example',
        phone: '+14155550123',
        ...change,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toEqual({ field, message: text(code) });
  });

  it('takes a national phone number with its country and stores it in E.164', async () => {
    const res = await register<{ companyId: string }>({
      body: {
        ...good,
        companyName: 'National Number Co',
        username: 'nationalno',
        email: 'n@national.example',
        phone: '138 0013 8111',
        country: 'cn',
      },
    });
    expect(res.status).toBe(200);
    const row = await s.app.services.companies.find(res.body.result.companyId);
    expect(row?.phone).toBe('+8613800138111');
    const noCountry = await register({
      body: { ...good, companyName: 'N2', username: 'n2user', email: 'n2@x.example', phone: '13800138112' },
    });
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.errors?.[0]).toEqual({ field: 'phone', message: text('PHONE_INVALID') });
  });

  it('lets one of two simultaneous sign-ups of the same company (any case) through', async () => {
    const attempt = (n: number, companyName: string) =>
      register({
        body: {
          ...good,
          companyName,
          username: `racer${n}`,
          email: `racer${n}@race.example`,
          phone: `+1415555010${n}`,
        },
        locale: ZH,
      });
    const results = await Promise.all([attempt(1, 'Race Condition Co'), attempt(2, 'RACE CONDITION CO')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.errors).toEqual([{ field: 'companyName', message: text('COMPANY_EXISTS', ZH) }]);
  });

  it('names every missing field', async () => {
    const res = await s.call('POST', '/sys/user/register', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(
      [
        'captcha',
        'checkKey',
        'companyName',
        'confirmPassword',
        'contactName',
        'email',
        'password',
        'phone',
        'username',
      ].sort(),
    );
  });

  it('needs the captcha: missing, wrong or used twice is refused, and nothing is created', async () => {
    const body = {
      ...good,
      companyName: 'Captcha Co',
      username: 'captchaco',
      email: 'c@captcha.example',
      phone: '+14155550190',
    };
    const missing = await s.call('POST', '/sys/user/register', { body });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual({ field: 'captcha', message: text('CAPTCHA_REQUIRED') });
    const answered = await withCaptcha(s, body);
    const wrong = await s.call('POST', '/sys/user/register', {
      body: { ...answered, captcha: 'zzzz' },
      locale: ZH,
    });
    expectError(wrong, 400, 'CAPTCHA_INVALID', { locale: ZH });
    expect(wrong.body.errors).toEqual([{ field: 'captcha', message: text('CAPTCHA_INVALID', ZH) }]);
    // A captcha is used once, right or wrong: the same key with the right answer is refused too.
    expectError(await s.call('POST', '/sys/user/register', { body: answered }), 400, 'CAPTCHA_INVALID', {
      locale: EN,
    });
    expect(await s.app.services.companies.isTaken('name', 'Captcha Co')).toBe(false);
  });
});

describe('company sign-up rate limit', () => {
  it('limits sign-ups per address like login', async () => {
    const limited = await startServer({ LOGIN_RATE_LIMIT: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.call('POST', '/sys/user/register', { body: {} })).status);
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
