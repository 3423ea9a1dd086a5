import { describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '../src/modules/sms';
import { shownText } from '../src/modules/sms/records';

/** Issue 28 item 1: whose codes the records hide, and whose texts they show as sent. */
describe('shownText', () => {
  const code = { companyId: PLATFORM_COMPANY_ID, kind: 'otp', source: 'system' };

  it('masks every run of four or more digits of the platform’s own sign-in and reset codes', () => {
    expect(shownText({ ...code, text: 'Your verification code is 910212. Valid 5 min.' })).toBe(
      'Your verification code is ******. Valid 5 min.',
    );
    expect(shownText({ ...code, text: '您的验证码为246810，5分钟内有效' })).toBe(
      '您的验证码为******，5分钟内有效',
    );
  });

  it('shows what a company sent as sent, its own OTP texts included', () => {
    const company = '00000000-0000-4000-8000-000000000001';
    for (const source of ['console', 'api', 'smpp']) {
      const text = 'Your code is 123456';
      expect(shownText({ companyId: company, kind: 'otp', source, text })).toBe(text);
    }
    // The staff test tool sends as notification: shown as sent too.
    expect(
      shownText({
        companyId: PLATFORM_COMPANY_ID,
        kind: 'notification',
        source: 'system',
        text: 'Test 1234',
      }),
    ).toBe('Test 1234');
  });
});
