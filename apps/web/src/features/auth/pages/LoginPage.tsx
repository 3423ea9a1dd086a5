import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import {
  isErrorCode,
  type Locale,
  type LoginPayload,
  loginSchema,
  TOTP_DIGITS,
  translateError,
} from '@switchboard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '@/components/Panel';
import { type ApiError, errorFlag } from '@/lib/api-client';
import { currentLocale, isLocale } from '@/lib/i18n';
import { clearSignOutNotice, getSignOutNotice, startSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { schemaRule } from '@/lib/validation';
import { newCheckKey, useCaptchaImage } from '../api/get-captcha-image';
import { useLoginRequirements } from '../api/get-login-requirements';
import { useLogin } from '../api/login';

interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
  googleCode?: string;
}

/** The server's text, or the same error in the language chosen since (when it has no parameters). */
function errorText(error: ApiError, locale: Locale): string {
  if (error.locale === locale || !error.errorCode || !isErrorCode(error.errorCode)) return error.message;
  const text = translateError(error.errorCode, locale);
  return text.includes('{') ? error.message : text;
}

/**
 * Sign in. The server decides when a captcha or a Google code is needed: before the attempt
 * (login requirements per username) or in the answer to a failed attempt.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation(['auth', 'register']);
  const locale: Locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en-US';
  const [form] = Form.useForm<LoginForm>();
  const queryClient = useQueryClient();
  const login = useLogin();

  const typedUsername = Form.useWatch('username', form) ?? '';
  const username = useDebouncedValue(typedUsername.trim(), 400);
  const requirements = useLoginRequirements(username);

  // Flags from a failed attempt apply to the username they were given for.
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);
  const [googleCodeFor, setGoogleCodeFor] = useState<string | null>(null);
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const [notice] = useState(getSignOutNotice);

  const trimmed = typedUsername.trim();
  const captchaRequired = requirements.data?.captchaRequired === true || captchaFor === trimmed;
  const googleCodeRequired = googleCodeFor === trimmed;
  const captcha = useCaptchaImage(checkKey, captchaRequired);

  const labels = useMemo(
    () => ({
      username: t('fields.username'),
      password: t('fields.password'),
      captcha: t('fields.captcha'),
      googleCode: t('fields.googleCode'),
    }),
    [t],
  );
  const rule = (field: 'username' | 'password') =>
    schemaRule({
      schema: loginSchema,
      field,
      values: () => form.getFieldsValue(true),
      labels,
      locale: currentLocale,
    });

  const refreshCaptcha = () => {
    form.setFieldValue('captcha', '');
    setCheckKey(newCheckKey());
  };

  const submit = (values: LoginForm) => {
    const name = values.username.trim();
    const payload: LoginPayload = { username: name, password: values.password };
    if (captchaRequired) {
      payload.captcha = values.captcha?.trim() ?? '';
      payload.checkKey = checkKey;
    }
    if (googleCodeRequired) payload.googleCode = values.googleCode?.trim() ?? '';
    login.mutate(payload, {
      onSuccess: (result) => {
        clearSignOutNotice();
        // GuestOnly sees the session and moves on to the redirect target.
        startSession({ token: result.token, userInfo: result.userInfo, needsDepartment: result.multiDepart });
      },
      onError: (error) => {
        if (errorFlag(error, 'captchaRequired')) setCaptchaFor(name);
        if (errorFlag(error, 'googleCodeRequired')) setGoogleCodeFor(name);
        form.setFieldValue('password', values.password);
        void queryClient.invalidateQueries({ queryKey: ['auth', 'loginRequirements'] });
        if (captchaRequired || errorFlag(error, 'captchaRequired')) refreshCaptcha();
      },
    });
  };

  return (
    <Panel>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('login.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
      {notice && !login.isError ? (
        <Alert
          type={notice.reason === 'logout' || notice.reason === 'passwordChanged' ? 'success' : 'warning'}
          showIcon
          title={notice.message}
          style={{ marginBottom: 16 }}
          data-testid="login-notice"
        />
      ) : null}
      <Form<LoginForm> form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
        <Form.Item name="username" label={labels.username} rules={[rule('username')]}>
          <Input prefix={<UserOutlined />} placeholder={t('placeholders.username')} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={labels.password} rules={[rule('password')]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('placeholders.password')}
            autoComplete="current-password"
          />
        </Form.Item>
        {captchaRequired ? (
          <Form.Item label={labels.captcha} required>
            <Flex gap={8}>
              <Form.Item
                name="captcha"
                noStyle
                rules={[
                  { required: true, whitespace: true, message: translateError('CAPTCHA_REQUIRED', locale) },
                ]}
              >
                <Input
                  prefix={<SafetyOutlined />}
                  placeholder={t('placeholders.captcha')}
                  autoComplete="off"
                  data-testid="captcha-input"
                />
              </Form.Item>
              <button
                type="button"
                onClick={refreshCaptcha}
                title={t('login.refreshCaptcha')}
                aria-label={t('login.refreshCaptcha')}
                style={{
                  flex: '0 0 120px',
                  height: 40,
                  padding: 0,
                  border: '1px solid #d9d9d9',
                  borderRadius: 8,
                  background: '#fff',
                  cursor: 'pointer',
                  overflow: 'hidden',
                }}
              >
                {captcha.data ? (
                  <img
                    src={captcha.data}
                    alt={t('login.captchaAlt')}
                    data-testid="captcha-image"
                    style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
                  />
                ) : (
                  <Spin size="small" />
                )}
              </button>
            </Flex>
            {captcha.isError ? (
              <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }}>
                {captcha.error.message}
              </Typography.Text>
            ) : null}
          </Form.Item>
        ) : null}
        {googleCodeRequired ? (
          <Form.Item
            name="googleCode"
            label={labels.googleCode}
            rules={[
              {
                required: true,
                pattern: new RegExp(`^\\d{${TOTP_DIGITS}}$`),
                message: translateError('GOOGLE_CODE_INVALID', locale),
              },
            ]}
          >
            <Input
              inputMode="numeric"
              maxLength={TOTP_DIGITS}
              autoComplete="one-time-code"
              placeholder={t('placeholders.googleCode')}
              data-testid="google-code-input"
            />
          </Form.Item>
        ) : null}
        {login.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorText(login.error, locale)}
            role="alert"
            data-testid="login-error"
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/user/register" data-testid="register-link">
          {t('register:link')}
        </Link>
      </Typography.Paragraph>
    </Panel>
  );
}
