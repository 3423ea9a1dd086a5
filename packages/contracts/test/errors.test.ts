import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TEXT_PARTS, translateError } from '../src';

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
