import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TEXT_PARTS, translateError, waitText } from '../src';

describe('error texts kept by domain', () => {
  it('define each code in one part only, so no part hides another’s text', () => {
    const codes = ERROR_TEXT_PARTS.flatMap((part) => Object.keys(part));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBe(ERROR_CODES.length);
  });

  it('read through one import path in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(translateError(code, 'en-US')).not.toBe('');
      expect(translateError(code, 'zh-CN')).not.toBe('');
    }
    expect(translateError('API_IP_NOT_ALLOWED', 'zh-CN', { ip: '192.0.2.1' })).toBe(
      '地址 192.0.2.1 不在API IP白名单中',
    );
  });
});

describe('a wait in words ({wait})', () => {
  it('says how long in the reader’s words: seconds, then whole minutes, else later', () => {
    expect(translateError('TOO_MANY_REQUESTS', 'en-US', { wait: 1 })).toBe(
      'Too many requests, please try again in 1 second',
    );
    expect(translateError('TOO_MANY_REQUESTS', 'en-US', { wait: 45 })).toBe(
      'Too many requests, please try again in 45 seconds',
    );
    expect(translateError('TOO_MANY_REQUESTS', 'zh-CN', { wait: 45 })).toBe('请求过于频繁，请45 秒后再试');
    expect(waitText(119, 'en-US')).toBe('in 119 seconds');
    expect(waitText(121, 'en-US')).toBe('in 3 minutes');
    expect(waitText(3480, 'zh-CN')).toBe('58 分钟后');
    for (const none of [undefined, 0, -5, 'x']) {
      expect(waitText(none, 'en-US')).toBe('later');
      expect(waitText(none, 'zh-CN')).toBe('稍后');
    }
    expect(translateError('TOO_MANY_REQUESTS', 'zh-CN')).toBe('请求过于频繁，请稍后再试');
  });
});
