import { type ErrorCode, type RegisterPayload, registerSchema, translateError } from '@switchboard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import type { CountryCode } from 'libphonenumber-js';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCountryOptions } from '@/components/countries';
import { browserCountry, PhoneInput, toE164 } from '@/components/PhoneInput';
import { CaptchaCheck, useCaptcha } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { schemaRule } from '@/lib/validation';
import { duplicateCheckQuery } from '../api/check-duplicate';
import { useRegisterCompany } from '../api/register';

const FIELDS = [
  'companyName',
  'contactName',
  'phone',
  'email',
  'username',
  'password',
  'confirmPassword',
] as const;
type Field = (typeof FIELDS)[number];
/** The form's values: the fields above (the captcha's proof and key are kept beside the form). */
type Values = Omit<RegisterPayload, 'captcha' | 'checkKey' | 'country'>;
/** Server answers that are about the captcha: said under its field, not in the alert. */
const CAPTCHA_ERRORS: readonly string[] = ['CAPTCHA_INVALID', 'CAPTCHA_REQUIRED'];

/** Where a finished sign-up leads, with what the result page shows (never through the address). */
export interface RegisterResultState {
  registered: { email: string };
}

/** Values that must be unique, checked while the person types (the server checks again on submit). */
const UNIQUE: Partial<Record<Field, { tableName: string; fieldName: string; taken: ErrorCode }>> = {
  companyName: { tableName: 'sys_company', fieldName: 'name', taken: 'COMPANY_EXISTS' },
  // The sign-up's user gets the phone and email; sign-up refuses ones another user has.
  phone: { tableName: 'sys_user', fieldName: 'phone', taken: 'PHONE_EXISTS' },
  email: { tableName: 'sys_user', fieldName: 'email', taken: 'EMAIL_EXISTS' },
  username: { tableName: 'sys_user', fieldName: 'username', taken: 'USERNAME_EXISTS' },
};
/** A duplicate check waits until typing has paused this long. */
export const DUPLICATE_CHECK_DELAY_MS = 400;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A company signs up; the account can sign in once an administrator approves it. */
export default function RegisterPage() {
  const { t } = useTranslation(['register', 'auth']);
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const register = useRegisterCompany();
  const countryOptions = useCountryOptions();
  const queryClient = useQueryClient();
  const checks = useRef<Partial<Record<Field, number>>>({});
  // A number typed without its +code belongs to this country (the browser's, until the person picks).
  const [country, setCountry] = useState<CountryCode | undefined>(() => browserCountry());
  // Validators run outside React's render: they read the country from here.
  const countryRef = useRef(country);
  const labels = useMemo(
    (): Record<Field | 'captcha', string> => ({
      ...(Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)])) as Record<Field, string>),
      captcha: t('fields.captcha'),
    }),
    [t],
  );
  // Each proof answers one attempt: the server uses a captcha up, right or wrong.
  const captcha = useCaptcha(true);
  // Why the server refused the last proof, or that the check is still running at submit.
  const [captchaProblem, setCaptchaProblem] = useState<string | undefined>();

  const rule = (field: Field) =>
    schemaRule({
      schema: registerSchema,
      field,
      values: () => form.getFieldsValue(true),
      labels,
      locale: currentLocale,
      crossCheck:
        field === 'confirmPassword'
          ? () => {
              const { password, confirmPassword } = form.getFieldsValue(true) as Partial<Values>;
              return confirmPassword && password !== confirmPassword ? 'PASSWORDS_DIFFERENT' : null;
            }
          : undefined,
    });

  /** As the person types: a number that is valid for the chosen country, or with its +code. */
  const phoneRule = {
    validator: async (_: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text && !toE164({ phone: text, country: countryRef.current }))
        throw new Error(translateError('PHONE_INVALID', currentLocale()));
    },
  };

  /** Debounced: only the value still there after the pause is sent to the server. */
  const uniqueRule = (field: Field) => ({
    validator: async (_: unknown, value: unknown) => {
      const unique = UNIQUE[field];
      const text = typeof value === 'string' ? value.trim() : '';
      if (!unique || !text) return;
      const run = (checks.current[field] ?? 0) + 1;
      checks.current[field] = run;
      await pause(DUPLICATE_CHECK_DELAY_MS);
      if (checks.current[field] !== run) return; // a newer value is on its way; antd keeps the newest result
      // Phones are stored in international form: compare in that form, as sign-up does.
      const fieldVal =
        field === 'email'
          ? text.toLowerCase()
          : field === 'phone'
            ? (toE164({ phone: text, country: countryRef.current }) ?? text)
            : text;
      const free = await queryClient.fetchQuery(
        duplicateCheckQuery({ tableName: unique.tableName, fieldName: unique.fieldName, fieldVal }),
      );
      if (!free) throw new Error(translateError(unique.taken, currentLocale()));
    },
  });

  const submit = (values: Values) => {
    if (!captcha.proof) {
      setCaptchaProblem(t('login.captchaWait', { ns: 'auth' }));
      return;
    }
    setCaptchaProblem(undefined);
    register.mutate(
      { ...values, country: countryRef.current, captcha: captcha.proof, checkKey: captcha.checkKey },
      {
        onSuccess: (result) =>
          navigate('/user/register-result', {
            state: { registered: { email: result.email } } satisfies RegisterResultState,
          }),
        onError: (error) => {
          // The attempt used the proof up: a new one for the next attempt.
          captcha.renew();
          if (!isApiError(error)) return;
          if (error.errorCode && CAPTCHA_ERRORS.includes(error.errorCode)) {
            setCaptchaProblem(error.message);
            return;
          }
          // The server names each field it refuses (duplicates, phone format): show them in place.
          if (error.fieldErrors.length > 0) {
            form.setFields(
              error.fieldErrors
                .filter((p) => (FIELDS as readonly string[]).includes(p.field))
                .map((p) => ({ name: p.field as Field, errors: [p.message] })),
            );
          }
        },
      },
    );
  };

  const serverError =
    register.error &&
    isApiError(register.error) &&
    register.error.fieldErrors.length === 0 &&
    !CAPTCHA_ERRORS.includes(register.error.errorCode ?? '');
  return (
    <Card>
      <Typography.Title level={3}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
      {serverError ? (
        <Alert
          type="error"
          showIcon
          message={register.error?.message}
          style={{ marginBottom: 16 }}
          role="alert"
        />
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="register-form">
        {FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={labels[field]}
            rules={[
              rule(field),
              ...(field === 'phone' ? [phoneRule] : []),
              ...(UNIQUE[field] ? [uniqueRule(field)] : []),
            ]}
            validateFirst
            validateTrigger={['onChange', 'onBlur']}
            extra={field === 'phone' ? t('phoneHint') : undefined}
          >
            {field === 'phone' ? (
              <PhoneInput
                countries={countryOptions.data}
                country={country}
                onCountryChange={(code) => {
                  countryRef.current = code;
                  setCountry(code);
                  // The same digits may be valid in one country and not another: check again.
                  if (form.getFieldValue('phone')) void form.validateFields(['phone']).catch(() => {});
                }}
                locale={currentLocale()}
                countryLabel={t('fields.country')}
              />
            ) : field === 'password' || field === 'confirmPassword' ? (
              <Input.Password autoComplete="new-password" />
            ) : (
              <Input autoComplete={field === 'email' ? 'email' : 'off'} />
            )}
          </Form.Item>
        ))}
        {/* The browser works the captcha out by itself (a proof of work). */}
        <Form.Item label={labels.captcha} required>
          <CaptchaCheck state={captcha.state} error={captcha.error} onRetry={captcha.renew} />
          {captchaProblem && captcha.state !== 'error' ? (
            <Typography.Text type="danger" data-testid="captcha-problem">
              {captchaProblem}
            </Typography.Text>
          ) : null}
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={register.isPending}
          data-testid="register-submit"
        >
          {t('submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {t('haveAccount')} <Link to="/user/login">{t('signIn')}</Link>
      </Typography.Paragraph>
    </Card>
  );
}
