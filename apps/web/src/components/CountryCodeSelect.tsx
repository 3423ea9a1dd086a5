import { Select, type SelectProps } from 'antd';
import { getCountries } from 'libphonenumber-js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n';
import { useCountryOptions } from './countries';

interface CountryCodeSelectProps
  extends Pick<SelectProps, 'id' | 'style' | 'allowClear' | 'aria-describedby' | 'aria-invalid'> {
  /** The ISO code chosen ('' or undefined: none). */
  value?: string | undefined;
  onChange?: (value: string) => void;
  testId?: string;
}

/**
 * A country chosen by its ISO code, found by code or by name in the reader's language: the
 * enabled countries of System → Countries, or every country phones know while that list is
 * unknown. A code already set stays shown (a country disabled since keeps its rates and routes).
 * The one country picker of the forms and filters that store a code (rates, gateway costs, routes,
 * operators), where a code was once typed as free text.
 */
export function CountryCodeSelect({ value, onChange, testId, style, ...rest }: CountryCodeSelectProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const offered = useCountryOptions().data;
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const entries = offered
      ? offered.map((c) => ({ code: c.code, name: c.name }))
      : getCountries().map((code) => ({ code: code as string, name: names.of(code) ?? code }));
    if (value && !entries.some((e) => e.code === value)) {
      entries.push({ code: value, name: safeName(names, value) });
    }
    return entries
      .map(({ code, name }) => ({ value: code, label: `${code} ${name}` }))
      .sort((a, b) => a.value.localeCompare(b.value));
  }, [offered, locale, value]);
  return (
    <Select
      {...rest}
      showSearch={{ optionFilterProp: 'label' }}
      value={value || undefined}
      onChange={(code: string | undefined) => onChange?.(code ?? '')}
      options={options}
      placeholder={t('country.choose')}
      popupMatchSelectWidth={false}
      style={{ minWidth: 150, ...style }}
      data-testid={testId}
    />
  );
}

/** A region's name, or the code itself when it names none (Intl throws for malformed codes). */
function safeName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
