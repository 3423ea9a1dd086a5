import { describe, expect, it } from 'vitest';
import {
  describeIssues,
  isStrongPassword,
  loginSchema,
  registerSchema,
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
