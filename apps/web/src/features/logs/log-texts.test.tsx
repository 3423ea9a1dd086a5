import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { useLoginLogTexts } from './log-texts';

afterEach(() => changeLocale('en-US'));

describe('useLoginLogTexts', () => {
  it.each([
    [
      'en-US',
      'Password',
      'Single sign-on (CAS)',
      'Wrong username or password',
      'Too many failed attempts, signing in to this account from here is paused for 15 minutes',
    ],
    [
      'zh-CN',
      '密码登录',
      '单点登录（CAS）',
      '用户名或密码错误',
      '登录失败次数过多，该账号在此地址的登录已暂停15分钟',
    ],
  ] as const)('says what the login log’s codes mean (%s)', async (locale, password, cas, wrong, locked) => {
    await changeLocale(locale);
    const { result } = renderHook(() => useLoginLogTexts());
    expect(result.current.method('password')).toBe(password);
    expect(result.current.method('cas')).toBe(cas);
    expect(result.current.reason('WRONG_CREDENTIALS')).toBe(wrong);
    expect(result.current.reason('ACCOUNT_LOCKED')).toBe(locked);
    expect(result.current.reason(null)).toBe('');
    // Unknown to this console: shown as sent.
    expect(result.current.method('sms')).toBe('sms');
    expect(result.current.reason('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});
