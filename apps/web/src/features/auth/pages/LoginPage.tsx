import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { type LoginPayload, loginSchema, TOTP_DIGITS, translateError } from '@switchboard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '@/components/Panel';
import { SvgIcon } from '@/components/SvgIcon';
import { errorFlag } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';
import { clearSignOutNotice, getSignOutNotice, startSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { schemaProblems } from '@/lib/validation';
import { useLoginRequirements } from '../api/get-login-requirements';
import { useLogin } from '../api/login';
import { CaptchaCheck } from '../components/CaptchaCheck';
import { Alert, FormField, LoginError, SubmitButton } from '../components/LoginFormParts';
import { PhoneLoginForm } from '../components/PhoneLoginForm';
import { useCaptcha } from '../hooks/use-captcha';

type Field = 'username' | 'password' | 'captcha' | 'googleCode';
type Values = Record<Exclude<Field, 'captcha'>, string>;

const EMPTY: Values = { username: '', password: '', googleCode: '' };
const GOOGLE_CODE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/**
 * Sign in. The server decides when a captcha or a Google code is needed: before the attempt
 * (login requirements per username) or in the answer to a failed attempt. Plain markup and the
 * shared login schema, no antd: this is the first page most visitors load.
 */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'register']);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const login = useLogin();
  const idPrefix = useId();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const [values, setValues] = useState<Values>(EMPTY);
  // A field says what is wrong once it has been typed in, or after an attempt to submit.
  const [checked, setChecked] = useState<ReadonlySet<Field>>(new Set());
  const [passwordShown, setPasswordShown] = useState(false);

  const trimmed = values.username.trim();
  const username = useDebouncedValue(trimmed, 400);
  const requirements = useLoginRequirements(username);

  // Flags from a failed attempt apply to the username they were given for.
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);
  const [googleCodeFor, setGoogleCodeFor] = useState<string | null>(null);
  const [notice] = useState(getSignOutNotice);
  const [mode, setMode] = useState<'password' | 'phone'>('password');

  const captchaRequired = requirements.data?.captchaRequired === true || captchaFor === trimmed;
  const googleCodeRequired = googleCodeFor === trimmed;
  const captcha = useCaptcha(captchaRequired);

  const labels: Record<Field, string> = {
    username: t('fields.username'),
    password: t('fields.password'),
    captcha: t('fields.captcha'),
    googleCode: t('fields.googleCode'),
  };
  // Worked out from the values each render, so a language switch re-words them at once.
  const problems: Partial<Record<Field, string>> = schemaProblems(
    loginSchema,
    { username: values.username, password: values.password },
    labels,
    locale,
  );
  // The browser works the captcha out by itself; a submit before it is done waits for it.
  if (captchaRequired && !captcha.proof) problems.captcha = t('login.captchaWait');
  if (googleCodeRequired && !GOOGLE_CODE.test(values.googleCode.trim()))
    problems.googleCode = translateError('GOOGLE_CODE_INVALID', locale);
  const shown = (field: Field) => (checked.has(field) ? problems[field] : undefined);

  const change = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChecked((current) => (current.has(field) ? current : new Set(current).add(field)));
  };

  /** The labelled frame of a field: its id, label and what is wrong with it. */
  const fieldOf = (field: Field) => ({
    id: `${idPrefix}-${field}`,
    label: labels[field],
    error: shown(field),
  });

  const inputProps = (field: keyof Values) => {
    const { id, error } = fieldOf(field);
    return {
      id,
      name: field,
      value: values[field],
      className: 'sb-input',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      ref: (element: HTMLInputElement | null) => {
        inputs.current[field] = element;
      },
      onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Field[] = ['username', 'password'];
    if (captchaRequired) fields.push('captcha');
    if (googleCodeRequired) fields.push('googleCode');
    setChecked(new Set(fields));
    const firstInvalid = fields.find((field) => problems[field]);
    if (firstInvalid) {
      if (firstInvalid !== 'captcha') inputs.current[firstInvalid]?.focus();
      return;
    }
    if (login.isPending) return;
    const name = trimmed;
    const payload: LoginPayload = { username: name, password: values.password };
    if (captchaRequired) {
      payload.captcha = captcha.proof ?? '';
      payload.checkKey = captcha.checkKey;
    }
    if (googleCodeRequired) payload.googleCode = values.googleCode.trim();
    login.mutate(payload, {
      onSuccess: (result) => {
        clearSignOutNotice();
        // GuestOnly sees the session and moves on to the redirect target.
        startSession({ token: result.token, userInfo: result.userInfo, needsDepartment: result.multiDepart });
      },
      onError: (error) => {
        if (errorFlag(error, 'captchaRequired')) setCaptchaFor(name);
        if (errorFlag(error, 'googleCodeRequired')) setGoogleCodeFor(name);
        void queryClient.invalidateQueries({ queryKey: ['auth', 'loginRequirements'] });
        if (captchaRequired || errorFlag(error, 'captchaRequired')) captcha.renew();
      },
    });
  };

  return (
    <Panel>
      <h3 className="sb-title">{t('login.title')}</h3>
      <p className="sb-text-secondary">{t('login.subtitle')}</p>
      {notice && !login.isError ? (
        <Alert
          type={notice.reason === 'logout' || notice.reason === 'passwordChanged' ? 'success' : 'warning'}
          testId="login-notice"
        >
          {notice.message}
        </Alert>
      ) : null}
      <div className="sb-login-tabs" role="tablist">
        {(['password', 'phone'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`sb-login-tab${mode === m ? ' sb-login-tab-active' : ''}`}
            data-testid={`login-tab-${m}`}
            onClick={() => setMode(m)}
          >
            {t(`login.tabs.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'phone' ? <PhoneLoginForm /> : null}
      <form onSubmit={submit} noValidate className="sb-form" hidden={mode !== 'password'}>
        <FormField {...fieldOf('username')}>
          <span className="sb-input-wrap">
            <SvgIcon icon={UserOutlined} className="sb-input-prefix" />
            <input
              {...inputProps('username')}
              placeholder={t('placeholders.username')}
              autoComplete="username"
            />
          </span>
        </FormField>
        <FormField {...fieldOf('password')}>
          <span className="sb-input-wrap">
            <SvgIcon icon={LockOutlined} className="sb-input-prefix" />
            <input
              {...inputProps('password')}
              type={passwordShown ? 'text' : 'password'}
              placeholder={t('placeholders.password')}
              autoComplete="current-password"
            />
            <button
              type="button"
              className="sb-input-suffix"
              aria-label={passwordShown ? t('login.hidePassword') : t('login.showPassword')}
              aria-pressed={passwordShown}
              onClick={() => setPasswordShown((value) => !value)}
            >
              <SvgIcon icon={passwordShown ? EyeOutlined : EyeInvisibleOutlined} />
            </button>
          </span>
        </FormField>
        {captchaRequired ? (
          <FormField
            {...fieldOf('captcha')}
            error={captcha.state === 'working' ? shown('captcha') : undefined}
          >
            <CaptchaCheck state={captcha.state} error={captcha.error} onRetry={captcha.renew} />
          </FormField>
        ) : null}
        {googleCodeRequired ? (
          <FormField {...fieldOf('googleCode')}>
            <span className="sb-input-wrap">
              <input
                {...inputProps('googleCode')}
                inputMode="numeric"
                maxLength={TOTP_DIGITS}
                autoComplete="one-time-code"
                placeholder={t('placeholders.googleCode')}
                data-testid="google-code-input"
              />
            </span>
          </FormField>
        ) : null}
        <LoginError error={login.error} locale={locale} />
        <SubmitButton busy={login.isPending} testId="login-submit">
          {t('login.submit')}
        </SubmitButton>
      </form>
      <p className="sb-login-register">
        <Link to="/user/alteration" data-testid="forgot-password-link">
          {t('login.forgotPassword')}
        </Link>
        {' · '}
        <Link to="/user/register" data-testid="register-link">
          {t('register:link')}
        </Link>
      </p>
    </Panel>
  );
}
