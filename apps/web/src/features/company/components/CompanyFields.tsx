import { type CompanyListItem, type CompanyType, translateError } from '@switchboard/contracts';
import { Form, Input, Select } from 'antd';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '@/components/countries';
import { useDict } from '@/components/dict';
import { browserCountry, PhoneInput, toE164 } from '@/components/PhoneInput';
import type { EntityForm } from '@/components/use-entity-form';
import { currentLocale } from '@/lib/i18n';

/**
 * What a company is made of in the console's forms (the administrators' companies and a
 * reseller's customers): its name and type, its contact (also its administrator user), and the
 * administrator's sign-in. `country` is the phone's country when the number has no +code.
 */
export interface CompanyFieldValues {
  name: string;
  type: CompanyType;
  contactName: string;
  phone: string;
  country?: CountryCode | undefined;
  email: string;
  username: string;
  password: string;
}

type Field = keyof CompanyFieldValues & string;

/** The country a stored number (E.164) belongs to, if it names one. */
function countryOfPhone(phone: string | null): CountryCode | undefined {
  return phone ? parsePhoneNumberFromString(phone)?.country : undefined;
}

/**
 * The fields' values for a company (null: a new one, its phone's country the browser's). An
 * existing company's number is shown as stored, with the country it belongs to.
 */
export function companyFieldValues(company: CompanyListItem | null): CompanyFieldValues {
  const empty: CompanyFieldValues = {
    name: '',
    type: 'direct',
    contactName: '',
    phone: '',
    country: browserCountry(),
    email: '',
    username: '',
    password: '',
  };
  if (!company) return empty;
  return {
    ...empty,
    name: company.name,
    type: company.type,
    contactName: company.contactName ?? '',
    phone: company.phone ?? '',
    country: countryOfPhone(company.phone) ?? empty.country,
    email: company.email ?? '',
  };
}

/** The fields' labels, for the form items and for the messages about them. */
/** What an edit of a company sends of these fields: its name and contact (its type and administrator stay). */
export function companyEditOf(id: string, v: CompanyFieldValues) {
  return { id, name: v.name, contactName: v.contactName, phone: v.phone, country: v.country, email: v.email };
}

export function useCompanyFieldLabels(): Record<Field, string> {
  const { t } = useTranslation('system');
  return {
    name: t('company.name'),
    type: t('company.type'),
    contactName: t('company.contactName'),
    phone: t('company.phone'),
    country: t('company.country'),
    email: t('company.email'),
    username: t('company.adminUsername'),
    password: t('company.adminPassword'),
  };
}

/**
 * A company's fields inside an entity form (FormModal + useEntityForm over a schema with these
 * fields): name, type and the administrator's sign-in when `creating`, contact, phone with its
 * country and e-mail always. The phone is checked as the server checks it (a valid number for
 * the chosen country, or one written with its +code). Test ids are `<testIdPrefix>-name`,
 * `-type`, `-contact`, `-phone`, `-country`, `-email`, `-username` and `-password`.
 */
export function CompanyFields({
  testIdPrefix,
  creating,
  rule,
  allowAgents = true,
  adminHint,
  afterType,
}: {
  testIdPrefix: string;
  /** A new company: its type and its administrator's username and password are asked too. */
  creating: boolean;
  /** The entity form's rule (the shared schema's checks for a field). */
  rule: EntityForm<CompanyFieldValues>['rule'];
  /** Whether `agent` is among the types offered. */
  allowAgents?: boolean;
  /** Said under the administrator's username. */
  adminHint: ReactNode;
  /** Fields of the caller's own, shown after the type (e.g. the parent and the sales user). */
  afterType?: ReactNode;
}) {
  const { t } = useTranslation('system');
  const labels = useCompanyFieldLabels();
  const types = useDict('company_type');
  const form = Form.useFormInstance<CompanyFieldValues>();
  const country = Form.useWatch('country', form);
  const countryOptions = useCountryOptions();
  const id = (field: string) => `${testIdPrefix}-${field}`;

  /** As the server has it: a valid number for the chosen country, or one with its +code. */
  const phoneRule = {
    validator: async (_: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text && !toE164({ phone: text, country: form.getFieldValue('country') }))
        throw new Error(translateError('PHONE_INVALID', currentLocale()));
    },
  };

  return (
    <>
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={128} data-testid={id('name')} />
      </Form.Item>
      {creating ? (
        <Form.Item name="type" label={labels.type} rules={[rule('type')]}>
          <Select
            options={types.options.filter((o) => allowAgents || o.value !== 'agent')}
            data-testid={id('type')}
          />
        </Form.Item>
      ) : null}
      {afterType}
      <Form.Item name="contactName" label={labels.contactName} rules={[rule('contactName')]}>
        <Input maxLength={64} data-testid={id('contact')} />
      </Form.Item>
      {/* The phone's country: set by the list beside the number, sent with it. */}
      <Form.Item name="country" noStyle />
      <Form.Item
        name="phone"
        label={labels.phone}
        rules={[rule('phone'), phoneRule]}
        validateFirst
        extra={t('company.phoneHint')}
      >
        <PhoneInput
          countries={countryOptions.data}
          country={country}
          onCountryChange={(code) => {
            form.setFieldValue('country', code);
            // The same digits may be valid in one country and not another: check again.
            if (form.getFieldValue('phone')) void form.validateFields(['phone']).catch(() => {});
          }}
          locale={currentLocale()}
          countryLabel={labels.country}
          data-testid={id('phone')}
          countryTestId={id('country')}
        />
      </Form.Item>
      <Form.Item name="email" label={labels.email} rules={[rule('email')]}>
        <Input maxLength={128} data-testid={id('email')} />
      </Form.Item>
      {creating ? (
        <>
          <Form.Item name="username" label={labels.username} rules={[rule('username')]} extra={adminHint}>
            <Input maxLength={32} autoComplete="off" data-testid={id('username')} />
          </Form.Item>
          <Form.Item name="password" label={labels.password} rules={[rule('password')]}>
            <Input.Password maxLength={64} autoComplete="new-password" data-testid={id('password')} />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}
