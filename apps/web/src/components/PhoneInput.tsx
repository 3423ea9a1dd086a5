import type { CountryOption, Locale } from '@switchboard/contracts';
import { Input, type InputProps, type InputRef, Select, Space } from 'antd';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { type Ref, useMemo } from 'react';

/** A phone number as typed, and the country it is written for when it has no +code. */
export interface PhoneValue {
  phone: string;
  country?: CountryCode | undefined;
}

/** The country of the browser's first language that names one (en-GB → GB), if phones know it. */
export function browserCountry(
  languages: readonly string[] = navigator.languages ?? [],
): CountryCode | undefined {
  for (const language of languages) {
    const region = language.split('-')[1]?.toUpperCase();
    if (region && isSupportedCountry(region)) return region;
  }
  return undefined;
}

/** The number in international form (+8613800138000), or null when it is not a valid number. */
export function toE164({ phone, country }: PhoneValue): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Countries by their name in the user's language, each with its calling code: those of `offered`
 * (System → Countries' enabled ones) that phones know, or every country phones know while that
 * list is unknown. `current` stays offered even when disabled: a stored number remains valid.
 */
export function countryOptions(locale: Locale, offered?: readonly CountryOption[], current?: CountryCode) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const entries: { code: CountryCode; name: string }[] = offered
    ? offered.flatMap((c) => (isSupportedCountry(c.code) ? [{ code: c.code, name: c.name }] : []))
    : getCountries().map((code) => ({ code, name: names.of(code) ?? code }));
  if (current && !entries.some((e) => e.code === current))
    entries.push({ code: current, name: names.of(current) ?? current });
  return entries
    .map(({ code, name }) => {
      const label = `${name} +${getCountryCallingCode(code)}`;
      return { value: code, label, search: `${label} ${code}`.toLowerCase() };
    })
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** What antd's Form.Item hands its control besides value and onChange: they belong to the number. */
type FieldProps = Pick<
  InputProps,
  'id' | 'onBlur' | 'aria-describedby' | 'aria-invalid' | 'aria-required'
> & {
  ref?: Ref<InputRef>;
};

interface PhoneInputProps extends FieldProps {
  value?: string;
  onChange?: (value: string) => void;
  country: CountryCode | undefined;
  onCountryChange: (country: CountryCode | undefined) => void;
  locale: Locale;
  countryLabel: string;
  /** The countries to offer (`useCountryOptions`); left out or still loading: every one phones know. */
  countries?: readonly CountryOption[] | undefined;
  /** Test ids of the number and of the country list (default `phone-country`). */
  'data-testid'?: string;
  countryTestId?: string;
}

/**
 * A phone number with its country: a searchable country list (names in the user's language, with
 * calling codes) beside the number. A number typed with its +code needs no country. The field's
 * id, blur (validation on leaving the field) and aria state from the form item go to the number.
 */
export function PhoneInput({
  value,
  onChange,
  country,
  onCountryChange,
  locale,
  countryLabel,
  countries,
  'data-testid': testId,
  countryTestId = 'phone-country',
  ...field
}: PhoneInputProps) {
  const options = useMemo(() => countryOptions(locale, countries, country), [locale, countries, country]);
  return (
    <Space.Compact block>
      <Select
        showSearch={{ optionFilterProp: 'search' }}
        allowClear
        value={country}
        onChange={(code) => onCountryChange(code)}
        options={options}
        placeholder={countryLabel}
        aria-label={countryLabel}
        popupMatchSelectWidth={280}
        style={{ width: '42%' }}
        data-testid={countryTestId}
      />
      <Input
        {...field}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        autoComplete="tel-national"
        inputMode="tel"
        style={{ width: '58%' }}
        data-testid={testId}
      />
    </Space.Compact>
  );
}
