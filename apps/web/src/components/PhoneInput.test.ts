import { describe, expect, it } from 'vitest';
import { browserCountry, toE164 } from './PhoneInput';

describe('phone numbers', () => {
  it('takes the country from the first browser language that names one phones know', () => {
    expect(browserCountry(['zh-CN', 'en-US'])).toBe('CN');
    expect(browserCountry(['en', 'en-GB'])).toBe('GB');
    expect(browserCountry(['en', 'fr'])).toBeUndefined();
    expect(browserCountry(['es-419'])).toBeUndefined();
  });

  it('writes valid numbers in international form and refuses the rest', () => {
    expect(toE164({ phone: '138 0013 8000', country: 'CN' })).toBe('+8613800138000');
    expect(toE164({ phone: '+8613800138000', country: 'US' })).toBe('+8613800138000');
    expect(toE164({ phone: '13800138000', country: 'US' })).toBeNull();
    expect(toE164({ phone: '13800138000' })).toBeNull();
    expect(toE164({ phone: '12345', country: 'CN' })).toBeNull();
  });
});
