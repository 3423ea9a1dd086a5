import { CAPTCHA_AFTER_FAILURES, LOGIN_LOCK_AFTER_FAILURES, type LoginResult } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness';
import { expectError, expectFieldError, expectOk, text, tokenOf, ZH } from './support/api';

const USER = 'customer2';
const NEW_PASSWORD = 'Fresh-Secret42';

let s: TestServer;
let token: string;
beforeAll(async () => {
  // The lock test guesses from an address of its own (X-Forwarded-For), so the failures it counts
  // there do not bring a captcha to the other tests' sign-ins.
  s = await startServer({ TRUST_PROXY: '1' });
  token = await tokenOf(s, USER);
});
afterAll(() => s.close());

const change = (
  body: Record<string, unknown>,
  options: { token?: string; locale?: string; headers?: Record<string, string> } = {},
) => s.call('POST', '/sys/user/updatePassword', { token, ...options, body });
const valid = {
  username: USER,
  oldpassword: DEMO_PASSWORD,
  password: NEW_PASSWORD,
  confirmpassword: NEW_PASSWORD,
};

describe('POST /sys/user/updatePassword', () => {
  it('needs a session', async () => {
    expectError(await change(valid, { token: '' }), 401, 'UNAUTHORIZED');
  });

  it('asks for the old password', async () => {
    const { oldpassword: _omit, ...body } = valid;
    const res = await change(body);
    expectFieldError(res, 'oldpassword', 'Please input the old password');
    expect(res.body.message).toBe('Please input the old password');
    const zh = await change({ ...valid, oldpassword: '' }, { locale: ZH });
    expectFieldError(zh, 'oldpassword', '请输入旧密码');
    expect(zh.body.message).toBe('请输入旧密码');
  });

  it('asks for the new password and its confirmation', async () => {
    const { password: _p, ...noNew } = valid;
    expectFieldError(await change(noNew), 'password', 'Please input the new password');
    const { confirmpassword: _c, ...noConfirm } = valid;
    expectFieldError(await change(noConfirm), 'confirmpassword', 'Please confirm the new password');
  });

  it('refuses a wrong old password (OLD_PASSWORD_WRONG)', async () => {
    const res = await change({ ...valid, oldpassword: 'Not-the-password1' });
    expectError(res, 400, 'OLD_PASSWORD_WRONG');
    expect(res.body.message).toBe('The old password is wrong');
    const zh = await change({ ...valid, oldpassword: 'Not-the-password1' }, { locale: ZH });
    expect(zh.body.message).toBe('旧密码输入错误');
  });

  it('limits wrong old passwords like sign-in: slower each time, then paused, for sign-in too', async () => {
    const victim = 'agentcustomer';
    const from = { 'X-Forwarded-For': '10.66.0.1' };
    const victimToken = await tokenOf(s, victim, { headers: from });
    // The waits the server asks for are recorded by the harness, not slept.
    const waitsBefore = s.failureWaits.length;
    {
      const guess = (n: number) =>
        s.call('POST', '/sys/user/updatePassword', {
          token: victimToken,
          headers: from,
          body: { ...valid, username: victim, oldpassword: `Guess-number-${n}` },
        });
      for (let n = 0; n < LOGIN_LOCK_AFTER_FAILURES; n++)
        expectError(await guess(n), 400, 'OLD_PASSWORD_WRONG');
      // The answers slowed down after the first few, as failed sign-ins do.
      const asked = s.failureWaits.slice(waitsBefore);
      expect(asked).toHaveLength(LOGIN_LOCK_AFTER_FAILURES);
      expect(asked.slice(0, CAPTCHA_AFTER_FAILURES).every((ms) => ms === 0)).toBe(true);
      expect(asked.slice(CAPTCHA_AFTER_FAILURES).every((ms) => ms > 0)).toBe(true);
      // Now locked: even the right old password is refused for a while...
      expectError(
        await s.call('POST', '/sys/user/updatePassword', {
          token: victimToken,
          headers: from,
          body: { ...valid, username: victim },
        }),
        429,
        'ACCOUNT_LOCKED',
        { params: { minutes: 15 } },
      );
      // ...and so is signing in as that user from that address (elsewhere the owner still can).
      expectError(
        await s.call('POST', '/sys/login', {
          headers: from,
          body: { username: victim, password: DEMO_PASSWORD },
        }),
        429,
        'ACCOUNT_LOCKED',
        { params: { minutes: 15 } },
      );
    }
  });

  it.each([
    ['no upper case', 'lowercase1234'],
    ['no digit', 'NoDigitsHere'],
    ['no lower case', 'UPPERCASE1234'],
    ['shorter than 8', 'Ab1cdef'],
  ])('refuses a weak new password (%s) with PASSWORD_TOO_WEAK', async (_case, weak) => {
    const res = await change({ ...valid, password: weak, confirmpassword: weak });
    expectFieldError(res, 'password', text('PASSWORD_TOO_WEAK'));
    expect(res.body.message).toBe(
      'The password must be at least 8 characters with digits, upper and lower case letters',
    );
    const zh = await change(
      { ...valid, password: weak, confirmpassword: weak },
      { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } },
    );
    expect(zh.body.message).toBe('密码至少8位，且必须包含数字、大写字母和小写字母');
  });

  it('refuses a confirmation that differs', async () => {
    const res = await change({ ...valid, confirmpassword: `${NEW_PASSWORD}x` });
    expectFieldError(res, 'confirmpassword', 'The two passwords are not the same');
    expect(res.body.message).toBe('The two passwords are not the same');
    const zh = await change({ ...valid, confirmpassword: `${NEW_PASSWORD}x` }, { locale: ZH });
    expect(zh.body.message).toBe('两次输入的密码不一致');
  });

  it('refuses an unknown username (NO_LOGGED_IN_USER)', async () => {
    const res = await change({ ...valid, username: 'nobody-like-this' });
    expectError(res, 400, 'NO_LOGGED_IN_USER');
    expect(res.body.message).toBe('No logged-in user in the system');
    const zh = await change({ ...valid, username: 'nobody-like-this' }, { locale: ZH });
    expect(zh.body.message).toBe('系统中没有此登录用户');
  });

  it("answers someone else's username as it answers an unknown one (which usernames exist is not told)", async () => {
    const res = await change({ ...valid, username: 'customer' });
    expectError(res, 400, 'NO_LOGGED_IN_USER');
    // customer's password is unchanged.
    expect((await s.login('customer')).userInfo.username).toBe('customer');
  });

  it('changes the password: old tokens revoked, new password works, old one fails', async () => {
    const second = await tokenOf(s, USER);
    const res = await change(valid);
    expect(expectOk(res)).toBeNull();
    expect(res.body.message).toBe('Password changed, please log in again');
    // Every session of the user ends, the one used for the change too.
    expectError(await s.call('GET', '/sys/user/getCurrentUserDeparts', { token }), 401, 'TOKEN_INVALID');
    expectError(
      await s.call('GET', '/sys/user/getCurrentUserDeparts', { token: second }),
      401,
      'TOKEN_INVALID',
    );

    const ok = await s.call<LoginResult>('POST', '/sys/login', {
      body: { username: USER, password: NEW_PASSWORD },
    });
    expect(expectOk(ok).userInfo.username).toBe(USER);
    const old = await s.call('POST', '/sys/login', { body: { username: USER, password: DEMO_PASSWORD } });
    expectError(old, 400, 'WRONG_CREDENTIALS');
    // Other users are unaffected.
    expect((await s.login('customer')).userInfo.username).toBe('customer');
  });

  it('answers in Chinese on success', async () => {
    const fresh = await tokenOf(s, USER, {}, NEW_PASSWORD);
    const res = await change(
      { username: USER, oldpassword: NEW_PASSWORD, password: DEMO_PASSWORD, confirmpassword: DEMO_PASSWORD },
      { token: fresh, locale: ZH },
    );
    expectOk(res);
    expect(res.body.message).toBe('密码修改成功，请重新登录');
    expect((await s.login(USER)).userInfo.username).toBe(USER);
  });
});
