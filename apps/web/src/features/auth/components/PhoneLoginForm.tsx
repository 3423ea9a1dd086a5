import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import { phoneLoginSchema, translateError } from '@switchboard/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '@/components/SvgIcon';
import { useLocale } from '@/lib/i18n';
import { clearSignOutNotice, startSession } from '@/lib/session';
import { schemaProblems } from '@/lib/validation';
import { usePhoneLogin, useSendSmsCode } from '../api/sms-code';
import { useCountdown } from '../hooks/use-countdown';
import { Alert, FormField, LoginError, SubmitButton } from './LoginFormParts';

type Field = 'phone' | 'code';

/** The login page's "Phone" tab: a code sent by SMS instead of the password. */
export function PhoneLoginForm() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const idPrefix = useId();
  const send = useSendSmsCode();
  const login = usePhoneLogin();
  const countdown = useCountdown();
  const [values, setValues] = useState<Record<Field, string>>({ phone: '', code: '' });
  const [checked, setChecked] = useState<ReadonlySet<Field>>(new Set());

  const labels = { phone: t('fields.phone'), code: t('fields.smsCode') };
  const problems: Partial<Record<Field, string>> = schemaProblems(phoneLoginSchema, values, labels, locale);
  if (!values.phone.trim()) problems.phone = translateError('PHONE_REQUIRED', locale);
  const shown = (field: Field) => (checked.has(field) ? problems[field] : undefined);

  const inputProps = (field: Field) => {
    const id = `${idPrefix}-${field}`;
    const error = shown(field);
    return {
      id,
      name: field,
      value: values[field],
      className: 'sb-input',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onChange: (event: { target: { value: string } }) => {
        setValues((current) => ({ ...current, [field]: event.target.value }));
        setChecked((current) => (current.has(field) ? current : new Set(current).add(field)));
      },
    };
  };

  const sendCode = () => {
    setChecked((current) => new Set(current).add('phone'));
    if (problems.phone || send.isPending || countdown.left > 0) return;
    send.mutate(
      { phone: values.phone.trim(), purpose: 'login' },
      { onSuccess: (result) => countdown.start(result.resendAfter) },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(new Set<Field>(['phone', 'code']));
    if (problems.phone || problems.code || login.isPending) return;
    login.mutate(
      { phone: values.phone.trim(), code: values.code.trim() },
      {
        onSuccess: (result) => {
          clearSignOutNotice();
          startSession({
            token: result.token,
            userInfo: result.userInfo,
            needsDepartment: result.multiDepart,
          });
        },
      },
    );
  };

  const error = login.error ?? send.error;
  return (
    <form onSubmit={submit} noValidate className="sb-form" data-testid="phone-login-form">
      <FormField id={`${idPrefix}-phone`} label={labels.phone} error={shown('phone')}>
        <span className="sb-input-wrap">
          <SvgIcon icon={MobileOutlined} className="sb-input-prefix" />
          <input
            {...inputProps('phone')}
            type="tel"
            autoComplete="tel"
            placeholder={t('placeholders.phone')}
            data-testid="phone-input"
          />
        </span>
      </FormField>
      <FormField id={`${idPrefix}-code`} label={labels.code} error={shown('code')}>
        <div className="sb-code-row">
          <span className="sb-input-wrap">
            <SvgIcon icon={SafetyOutlined} className="sb-input-prefix" />
            <input
              {...inputProps('code')}
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              placeholder={t('placeholders.smsCode')}
              data-testid="sms-code-input"
            />
          </span>
          <button
            type="button"
            className="sb-button"
            onClick={sendCode}
            disabled={send.isPending || countdown.left > 0}
            data-testid="send-code"
          >
            {countdown.left > 0 ? t('phone.resendIn', { seconds: countdown.left }) : t('phone.sendCode')}
          </button>
        </div>
      </FormField>
      {send.isSuccess && !error ? (
        <Alert type="success" testId="code-sent">
          {t('phone.codeSent')}
        </Alert>
      ) : null}
      <LoginError error={error} locale={locale} />
      <SubmitButton busy={login.isPending} testId="phone-login-submit">
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}
