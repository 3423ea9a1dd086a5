import { isStrongPassword, translateError } from '@switchboard/contracts';
import { Alert, Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, useCountdown, usePasswordReset, useSendSmsCode } from '@/features/auth';
import { useLocale } from '@/lib/i18n';

interface Values {
  phone: string;
  code: string;
  password: string;
  confirmpassword: string;
}

/**
 * /user/alteration: a forgotten password reset with a code sent by SMS to the account's phone.
 * Reachable without a session; every session of the user ends with the reset.
 */
export default function AlterationPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const send = useSendSmsCode();
  const reset = usePasswordReset();
  const countdown = useCountdown();

  if (reset.isSuccess) {
    return (
      <Card>
        <Result
          status="success"
          title={<span data-testid="page-title">{t('reset.title')}</span>}
          subTitle={<span data-testid="reset-done">{t('reset.done')}</span>}
          extra={
            <Link to="/user/login">
              <Button type="primary">{t('reset.backToLogin')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  const sendCode = async () => {
    const { phone } = await form.validateFields(['phone']);
    send.mutate(
      { phone: phone.trim(), purpose: 'reset' },
      { onSuccess: (r) => countdown.start(r.resendAfter) },
    );
  };

  const error = reset.error ?? send.error;
  return (
    <Card style={{ maxWidth: 480, margin: '0 auto' }}>
      <Typography.Title level={3} data-testid="page-title">
        {t('reset.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('reset.subtitle')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          reset.mutate({
            phone: values.phone.trim(),
            code: values.code.trim(),
            password: values.password,
            confirmpassword: values.confirmpassword,
          })
        }
      >
        <Form.Item
          name="phone"
          label={t('fields.phone')}
          rules={[{ required: true, whitespace: true, message: translateError('PHONE_REQUIRED', locale) }]}
        >
          <Input placeholder={t('placeholders.phone')} autoComplete="tel" data-testid="reset-phone" />
        </Form.Item>
        <Form.Item label={t('fields.smsCode')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, message: translateError('SMS_CODE_REQUIRED', locale) },
                { pattern: /^\d{6}$/, message: translateError('SMS_CODE_INVALID', locale) },
              ]}
            >
              <Input
                placeholder={t('placeholders.smsCode')}
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                data-testid="reset-code"
              />
            </Form.Item>
            <Button
              onClick={() => void sendCode()}
              loading={send.isPending}
              disabled={countdown.left > 0}
              data-testid="reset-send-code"
            >
              {countdown.left > 0 ? t('phone.resendIn', { seconds: countdown.left }) : t('phone.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.newPassword')}
          extra={t('reset.rules')}
          rules={[
            { required: true, message: translateError('NEW_PASSWORD_REQUIRED', locale) },
            {
              validator: (_, value: string | undefined) =>
                !value || isStrongPassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(translateError('PASSWORD_TOO_WEAK', locale))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: translateError('CONFIRM_PASSWORD_REQUIRED', locale) },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(translateError('PASSWORDS_DIFFERENT', locale))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-confirm" />
        </Form.Item>
        {send.isSuccess && !error ? (
          <Alert type="success" showIcon message={t('phone.codeSent')} data-testid="code-sent" />
        ) : null}
        {error ? (
          <Alert type="error" showIcon message={errorText(error, locale)} data-testid="reset-error" />
        ) : null}
        <Form.Item style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Link to="/user/login">{t('reset.backToLogin')}</Link>
    </Card>
  );
}
