import { SafetyCertificateOutlined } from '@ant-design/icons';
import { TOTP_DIGITS, totpCodeSchema } from '@switchboard/contracts';
import { Alert, App, Button, Card, Flex, Form, Image, Input, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';
import { schemaRule } from '@/lib/validation';
import { useBindGoogleAuth } from '../api/bind-google-auth';
import { useUnbindGoogleAuth } from '../api/profile';
import { useSetupGoogleAuth } from '../api/setup-google-auth';

/**
 * Unbinding asks who it is: the sign-in password, or a current code from the authenticator (for
 * whoever signs in with a code and has forgotten nothing but the phone is at hand).
 */
function UnbindForm() {
  const { t } = useTranslation(['account', 'common']);
  const { message } = App.useApp();
  const unbind = useUnbindGoogleAuth();
  const [form] = Form.useForm<{ password?: string; code?: string }>();
  const submit = (values: { password?: string; code?: string }) => {
    const payload = {
      ...(values.password ? { password: values.password } : {}),
      ...(values.code?.trim() ? { code: values.code.trim() } : {}),
    };
    unbind.mutate(payload, { onSuccess: () => void message.success(t('googleAuth.unbound')) });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      data-testid="google-auth-unbind"
      style={{ maxWidth: 320 }}
    >
      <Typography.Paragraph>{t('googleAuth.unbindHint')}</Typography.Paragraph>
      <Form.Item name="password" label={t('googleAuth.password')}>
        <Input.Password autoComplete="current-password" data-testid="unbind-password" />
      </Form.Item>
      <Form.Item name="code" label={t('googleAuth.code')}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TOTP_DIGITS}
          placeholder={t('googleAuth.codePlaceholder')}
          data-testid="unbind-code"
        />
      </Form.Item>
      {unbind.isError ? (
        <Alert type="error" showIcon title={unbind.error.message} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      <Button danger htmlType="submit" loading={unbind.isPending} data-testid="unbind-submit">
        {t('googleAuth.unbind')}
      </Button>
    </Form>
  );
}

/**
 * Google Authenticator: shows the binding state, binds with a QR code and a 6-digit code, and
 * (on My account, `unbindable`) unbinds with the password or a code.
 */
export function GoogleAuthCard({ bound, unbindable = false }: { bound: boolean; unbindable?: boolean }) {
  const { t } = useTranslation(['account', 'common']);
  const { message } = App.useApp();
  const setup = useSetupGoogleAuth();
  const bind = useBindGoogleAuth();
  const [form] = Form.useForm<{ code: string }>();
  const labels = useMemo(() => ({ code: t('googleAuth.code') }), [t]);

  const confirm = ({ code }: { code: string }) => {
    bind.mutate(code, {
      onSuccess: () => {
        setup.reset();
        void message.success(t('googleAuth.success'));
      },
    });
  };

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <SafetyCertificateOutlined />
          {t('googleAuth.title')}
        </Flex>
      }
      extra={
        <Tag color={bound ? 'success' : 'default'} data-testid="google-auth-status">
          {bound ? t('googleAuth.bound') : t('googleAuth.notBound')}
        </Tag>
      }
      data-testid="google-auth-card"
    >
      {bound ? (
        <>
          <Typography.Paragraph type="secondary">{t('googleAuth.boundDescription')}</Typography.Paragraph>
          {unbindable ? <UnbindForm /> : null}
        </>
      ) : setup.data ? (
        <Flex gap={24} wrap align="flex-start">
          <Image src={setup.data.qrCode} alt={t('googleAuth.qrAlt')} width={180} preview={false} />
          <Flex vertical gap={8} style={{ minWidth: 240, flex: 1 }}>
            <Typography.Paragraph>{t('googleAuth.scan')}</Typography.Paragraph>
            <Typography.Text>
              {/* "Secret: " / "密钥：" (the colon each language writes), then the key. */}
              {t('common:labelled', { label: t('googleAuth.secret'), value: '' })}
              <Typography.Text code copyable data-testid="google-auth-secret">
                {setup.data.secret}
              </Typography.Text>
            </Typography.Text>
            <Form form={form} layout="vertical" onFinish={confirm}>
              <Form.Item
                name="code"
                label={labels.code}
                rules={[
                  schemaRule({
                    schema: totpCodeSchema,
                    field: 'code',
                    values: () => ({ code: form.getFieldValue('code') ?? '' }),
                    labels,
                    locale: currentLocale,
                  }),
                ]}
              >
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={TOTP_DIGITS}
                  placeholder={t('googleAuth.codePlaceholder')}
                  style={{ maxWidth: 200 }}
                />
              </Form.Item>
              {bind.isError ? (
                <Alert
                  type="error"
                  showIcon
                  title={bind.error.message}
                  role="alert"
                  style={{ marginBottom: 16 }}
                />
              ) : null}
              <Button type="primary" htmlType="submit" loading={bind.isPending}>
                {t('googleAuth.confirm')}
              </Button>
            </Form>
          </Flex>
        </Flex>
      ) : (
        <Flex vertical gap={12} align="flex-start">
          <Typography.Paragraph type="secondary">{t('googleAuth.notBoundDescription')}</Typography.Paragraph>
          {setup.isError ? <Alert type="error" showIcon title={setup.error.message} role="alert" /> : null}
          <Button type="primary" loading={setup.isPending} onClick={() => setup.mutate()}>
            {t('googleAuth.start')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
