import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { browserCountry, countryOptions, PhoneInput, toE164 } from './PhoneInput';

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

describe('<PhoneInput> in a form item', () => {
  it('gives the number the field’s id, aria state and blur (validation on leaving the field)', async () => {
    render(
      <Form>
        <Form.Item
          name="phone"
          label="Phone"
          extra="With the country code"
          validateTrigger="onBlur"
          rules={[
            {
              validator: async (_: unknown, value: string | undefined) => {
                if (!value || !toE164({ phone: value, country: 'CN' })) throw new Error('Not a phone number');
              },
            },
          ]}
        >
          <PhoneInput country="CN" onCountryChange={() => {}} locale="en-US" countryLabel="Country" />
        </Form.Item>
      </Form>,
    );
    // The label names the number (label for = the field's id).
    const number = screen.getByLabelText('Phone');
    expect(number.id).toBe('phone');
    expect(number.getAttribute('aria-describedby')).toBe('phone_extra');
    expect(number.getAttribute('aria-invalid')).toBeNull();

    await userEvent.type(number, '12345');
    // Validated on blur only: nothing is said while typing.
    expect(screen.queryByText('Not a phone number')).toBeNull();
    fireEvent.blur(number);
    expect(await screen.findByText('Not a phone number')).toBeTruthy();
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(number.getAttribute('aria-describedby')?.split(' ').sort()).toEqual(['phone_extra', 'phone_help']);
  });
});

describe('countryOptions', () => {
  const offered = [
    { code: 'GB', dialCode: '44', name: 'United Kingdom' },
    { code: 'CN', dialCode: '86', name: 'China' },
    // Added by an operator, unknown to phone numbers: not offered by a phone picker.
    { code: 'XA', dialCode: '999', name: 'Example Land' },
  ];

  it('offers the enabled countries of System → Countries, by name, with their calling codes', () => {
    expect(countryOptions('en-US', offered).map((o) => o.label)).toEqual(['China +86', 'United Kingdom +44']);
  });

  it('keeps a disabled country that is chosen already (a stored number stays valid)', () => {
    expect(countryOptions('en-US', offered, 'FR').map((o) => o.value)).toEqual(['CN', 'FR', 'GB']);
  });

  it('offers every country phone numbers know while the list is unknown', () => {
    expect(countryOptions('en-US').length).toBeGreaterThan(200);
  });
});
