import type { LoginResult, TotpSetup } from '@switchboard/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import { expectError, expectOk, solvedCaptcha, tokenOf, userId, ZH } from './support/api';

interface FailureResult {
  captchaRequired: boolean;
  googleCodeRequired?: boolean;
}

let s: TestServer;
let adminToken: string;
let userToken: string;
let secret = '';
const USER = 'customer';

beforeAll(async () => {
  s = await startServer();
  adminToken = await tokenOf(s, 'admin');
  userToken = await tokenOf(s, USER);
});
afterAll(() => s.close());

const nowS = () => Math.floor(Date.now() / 1000);
const codeAt = (epoch: number) => generate({ secret, epoch });

/** A six-digit code that is not valid in the previous, current or next time step. */
async function wrongCode(): Promise<string> {
  const valid = new Set(await Promise.all([-30, 0, 30].map((d) => codeAt(nowS() + d))));
  let n = 123456;
  while (valid.has(String(n).padStart(6, '0'))) n = (n + 7919) % 1_000_000;
  return String(n).padStart(6, '0');
}

const login = (body: Record<string, unknown>, locale?: string) =>
  s.call<LoginResult>('POST', '/sys/login', { body, ...(locale ? { locale } : {}) });

describe('GET /sys/user/googleAuth/setup', () => {
  it('needs a session', async () => {
    expectError(await s.call('GET', '/sys/user/googleAuth/setup'), 401, 'UNAUTHORIZED');
  });

  it('gives a secret, an otpauth URI and a PNG QR code', async () => {
    const res = await s.call<TotpSetup>('GET', '/sys/user/googleAuth/setup', { token: userToken });
    const setup = expectOk(res);
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    expect(setup.otpauthUri.startsWith('otpauth://totp/')).toBe(true);
    const uri = new URL(setup.otpauthUri);
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(uri.searchParams.get('issuer')).toBe('Switchboard');
    expect(decodeURIComponent(uri.pathname)).toContain(USER);
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(setup.qrCode.split(',')[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    secret = setup.secret;
  });
});

describe('POST /sys/user/googleAuth/bind', () => {
  it('refuses a wrong code with GOOGLE_CODE_INVALID', async () => {
    const res = await s.call('POST', '/sys/user/googleAuth/bind', {
      token: userToken,
      body: { code: await wrongCode() },
    });
    expectError(res, 400, 'GOOGLE_CODE_INVALID');
    expect(res.body.message).toBe('Google code empty or wrong');
    const zh = await s.call('POST', '/sys/user/googleAuth/bind', {
      token: userToken,
      locale: ZH,
      body: { code: await wrongCode() },
    });
    expect(zh.body.message).toBe('谷歌验证码为空或错误');
  });

  it('refuses a code that is not six digits', async () => {
    const res = await s.call('POST', '/sys/user/googleAuth/bind', {
      token: userToken,
      body: { code: '12a456' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toEqual({ field: 'code', message: 'Google code empty or wrong' });
  });

  it('refuses binding before setup (TOTP_NOT_PENDING)', async () => {
    const token = await tokenOf(s, 'customer2');
    const res = await s.call('POST', '/sys/user/googleAuth/bind', { token, body: { code: '123456' } });
    expectError(res, 409, 'TOTP_NOT_PENDING');
  });

  it('binds with a right code', async () => {
    const res = await s.call<{ googleAuthBound: boolean }>('POST', '/sys/user/googleAuth/bind', {
      token: userToken,
      body: { code: await codeAt(nowS()) },
    });
    expect(expectOk(res)).toEqual({ googleAuthBound: true });
  });

  it('refuses setup again once bound (TOTP_ALREADY_BOUND)', async () => {
    const res = await s.call('GET', '/sys/user/googleAuth/setup', { token: userToken });
    expectError(res, 409, 'TOTP_ALREADY_BOUND');
    expect(res.body.message).toBe('Google Authenticator is already bound');
    const zh = await s.call('GET', '/sys/user/googleAuth/setup', { token: userToken, locale: ZH });
    expect(zh.body.message).toBe('已绑定谷歌验证器');
  });
});

describe('POST /sys/login with Google Authenticator bound', () => {
  it('refuses a login without googleCode, saying a code is required', async () => {
    const res = await s.call<FailureResult>('POST', '/sys/login', {
      body: { username: USER, password: DEMO_PASSWORD },
    });
    expectError(res, 400, 'GOOGLE_CODE_INVALID');
    expect(res.body.message).toBe('Google code empty or wrong');
    expect(res.body.result.googleCodeRequired).toBe(true);
    expect(res.body.result.captchaRequired).toBe(false);
    const zh = await s.call<FailureResult>('POST', '/sys/login', {
      locale: ZH,
      body: { username: USER, password: DEMO_PASSWORD, googleCode: await wrongCode() },
    });
    expectError(zh, 400, 'GOOGLE_CODE_INVALID', { locale: ZH });
    expect(zh.body.message).toBe('谷歌验证码为空或错误');
    expect(zh.body.result.googleCodeRequired).toBe(true);
  });

  it('does not ask for the code before the password is right', async () => {
    const res = await s.call<FailureResult>('POST', '/sys/login', {
      body: { username: USER, password: 'Wrong-pass1', googleCode: '000000' },
    });
    expectError(res, 400, 'WRONG_CREDENTIALS');
    expect(res.body.result).toEqual({ captchaRequired: true });
  });

  let used = '';
  it('logs in with a right code, and refuses the same code a second time', async () => {
    // The binding used the current step; a later step's code (within the drift window) is new.
    const proof = await solvedCaptcha(s, 'totp-key');
    used = await codeAt(nowS() + 30);
    const res = await login({ username: USER, password: DEMO_PASSWORD, googleCode: used, ...proof });
    const result = expectOk(res);
    expect(result.userInfo).toMatchObject({ username: USER, googleAuthBound: true });

    const again = await s.call<FailureResult>('POST', '/sys/login', {
      body: { username: USER, password: DEMO_PASSWORD, googleCode: used },
    });
    expectError(again, 400, 'GOOGLE_CODE_INVALID');
    expect(again.body.result.googleCodeRequired).toBe(true);
  });

  it('refuses the code that bound the authenticator', async () => {
    const res = await login({
      username: USER,
      password: DEMO_PASSWORD,
      googleCode: await codeAt(nowS() - 30),
    });
    expectError(res, 400, 'GOOGLE_CODE_INVALID');
  });
});

describe('POST /sys/user/googleAuth/reset', () => {
  it('is refused to a non-admin with 403 "No operation permission"', async () => {
    const token = await tokenOf(s, 'agent');
    const res = await s.call('POST', '/sys/user/googleAuth/reset', { token, body: { userId: userId(USER) } });
    expectError(res, 403, 'NO_OPERATION_PERMISSION');
    expect(res.body.message).toBe('No operation permission');
    const zh = await s.call('POST', '/sys/user/googleAuth/reset', {
      token,
      headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' },
      body: { userId: userId(USER) },
    });
    expect(zh.body.message).toBe('没有操作权限');
    // Still bound.
    expectError(await login({ username: 'customer', password: DEMO_PASSWORD }), 400, 'GOOGLE_CODE_INVALID', {
      message: false,
    });
  });

  it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
    const res = await s.call('POST', '/sys/user/googleAuth/reset', {
      token: adminToken,
      body: { userId: '00000000-0000-4000-8000-000000000000' },
    });
    expectError(res, 404, 'USER_NOT_FOUND');
  });

  it('lets an admin reset it: the user logs in without a code again and can bind anew', async () => {
    // A success clears the failure counts (the last test left the user needing a captcha).
    const res = await s.call('POST', '/sys/user/googleAuth/reset', {
      token: adminToken,
      body: { userId: userId(USER) },
    });
    expect(expectOk(res)).toBeNull();
    const ok = await login({
      username: USER,
      password: DEMO_PASSWORD,
      ...(await solvedCaptcha(s, 'reset-key')),
    });
    const result = expectOk(ok);
    expect(result.userInfo.googleAuthBound).toBe(false);
    const setup = await s.call<TotpSetup>('GET', '/sys/user/googleAuth/setup', { token: result.token });
    expect(expectOk(setup).secret).not.toBe(secret);
  });
});
