import { describe, expect, it } from 'vitest';
import {
  describeIssues,
  isStrongPassword,
  leadingZeroBits,
  loginSchema,
  proofOfWorkText,
  registerSchema,
  solveCaptcha,
  translateError,
  updatePasswordSchema,
} from '../src/index';

describe('password rule', () => {
  it.each([
    ['Switchboard1', true],
    ['Abcdefg1', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abcde1', false],
    [`A1${'a'.repeat(63)}`, false],
  ])('%s → %s', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });
});

describe('update password payload', () => {
  const base = {
    username: 'sam',
    oldpassword: 'Old12345',
    password: 'New12345a',
    confirmpassword: 'New12345a',
  };

  it('accepts a good payload', () => {
    expect(updatePasswordSchema.safeParse(base).success).toBe(true);
  });

  it('reports the missing old password in both languages', () => {
    const r = updatePasswordSchema.safeParse({ ...base, oldpassword: '' });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(describeIssues(r.error.issues, 'en-US')).toEqual([
      { field: 'oldpassword', message: 'Please input the old password' },
    ]);
    expect(describeIssues(r.error.issues, 'zh-CN')[0]?.message).toBe('请输入旧密码');
  });

  it('reports different confirmation on the confirmation field', () => {
    const r = updatePasswordSchema.safeParse({ ...base, confirmpassword: 'Other1234' });
    if (r.success) throw new Error('should fail');
    expect(describeIssues(r.error.issues, 'en-US')).toEqual([
      { field: 'confirmpassword', message: 'The two passwords are not the same' },
    ]);
  });

  it('reports a different confirmation even while the old password is missing', () => {
    const r = updatePasswordSchema.safeParse({ ...base, oldpassword: '', confirmpassword: 'Other1234' });
    if (r.success) throw new Error('should fail');
    expect(describeIssues(r.error.issues, 'en-US').map((p) => p.field)).toEqual([
      'oldpassword',
      'confirmpassword',
    ]);
  });

  it('reports a weak password', () => {
    const r = updatePasswordSchema.safeParse({ ...base, password: 'weak', confirmpassword: 'weak' });
    if (r.success) throw new Error('should fail');
    expect(describeIssues(r.error.issues, 'en-US')[0]?.message).toMatch(/at least 8 characters/);
  });
});

describe('generic field messages', () => {
  it('tells a missing field from a wrong type and an over-long one', () => {
    const missing = loginSchema.safeParse({ password: 'x' });
    const wrongType = loginSchema.safeParse({ username: 42, password: 'x' });
    const tooLong = loginSchema.safeParse({ username: 'a'.repeat(65), password: 'x' });
    if (missing.success || wrongType.success || tooLong.success) throw new Error('should fail');
    expect(describeIssues(missing.error.issues, 'en-US')[0]).toEqual({
      field: 'username',
      message: 'username is required',
    });
    expect(describeIssues(wrongType.error.issues, 'zh-CN')[0]?.message).toBe('username类型错误');
    expect(describeIssues(tooLong.error.issues, 'en-US')[0]?.message).toBe(
      'username must be at most 64 characters',
    );
  });
});

describe('translateError', () => {
  it('fills placeholders and keeps unknown ones', () => {
    expect(translateError('ACCOUNT_LOCKED', 'en-US', { minutes: 15 })).toContain('15 minutes');
    expect(translateError('FIELD_REQUIRED', 'zh-CN')).toBe('{field}不能为空');
  });
});

describe('sign-up payload', () => {
  const signUp = {
    companyName: 'Blue Harbour',
    contactName: 'Lin Wei',
    phone: '+8613800138000',
    email: 'lin@example.com',
    username: 'lin_wei',
    password: 'Harbour2026',
    confirmPassword: 'Harbour2026',
  };

  it('needs the answer to a captcha and the key of its picture', () => {
    const r = registerSchema.safeParse(signUp);
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(describeIssues(r.error.issues, 'en-US')).toEqual([
      { field: 'captcha', message: 'Please enter the verification code' },
      { field: 'checkKey', message: 'Please enter the verification code' },
    ]);
    expect(registerSchema.safeParse({ ...signUp, captcha: ' ab12 ', checkKey: 'k1' }).data?.captcha).toBe(
      'ab12',
    );
  });

  it('keeps the login captcha’s limits', () => {
    const long = registerSchema.safeParse({ ...signUp, captcha: 'x'.repeat(17), checkKey: 'k'.repeat(65) });
    expect(long.success).toBe(false);
    if (long.success) return;
    expect(long.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['captcha', 'FIELD_TOO_LONG'],
      ['checkKey', 'FIELD_TOO_LONG'],
    ]);
  });
});

describe('captcha proof of work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0xff]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x20]))).toBe(10);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
  it('finds a nonce whose SHA-256 has the zero bits asked for', async () => {
    const challenge = { algorithm: 'SHA-256' as const, challenge: 'a1b2c3', difficulty: 10 };
    const nonce = await solveCaptcha(challenge);
    expect(nonce).toMatch(/^\d+$/);
    // Node's and browsers' Web Crypto (this package is typed without either's library).
    const web = globalThis as unknown as {
      crypto: { subtle: { digest(a: string, d: Uint8Array): Promise<ArrayBuffer> } };
      TextEncoder: new () => { encode(t: string): Uint8Array };
    };
    const bits = async (text: string) =>
      leadingZeroBits(
        new Uint8Array(await web.crypto.subtle.digest('SHA-256', new web.TextEncoder().encode(text))),
      );
    expect(await bits(proofOfWorkText('a1b2c3', nonce))).toBeGreaterThanOrEqual(10);
    // The first such nonce: every smaller one fails.
    for (let n = 0; n < Number(nonce); n++)
      expect(await bits(proofOfWorkText('a1b2c3', String(n)))).toBeLessThan(10);
  });
});
