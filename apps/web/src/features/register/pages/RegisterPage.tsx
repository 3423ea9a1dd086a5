import { type RegisterPayload, registerSchema } from '@switchboard/contracts';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { schemaRule } from '@/lib/validation';
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

/** A company signs up; the account can sign in once an administrator approves it. */
export default function RegisterPage() {
  const { t } = useTranslation('register');
  const [form] = Form.useForm<RegisterPayload>();
  const navigate = useNavigate();
  const register = useRegisterCompany();
  const labels = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)])), [t]);

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
              const { password, confirmPassword } = form.getFieldsValue(true) as Partial<RegisterPayload>;
              return confirmPassword && password !== confirmPassword ? 'PASSWORDS_DIFFERENT' : null;
            }
          : undefined,
    });

  const submit = (values: RegisterPayload) => {
    register.mutate(values, {
      onSuccess: (result) => navigate(`/user/register-result?email=${encodeURIComponent(result.email)}`),
      onError: (error) => {
        // The server names each field it refuses (duplicates, phone format): show them in place.
        if (isApiError(error) && error.fieldErrors.length > 0) {
          form.setFields(
            error.fieldErrors
              .filter((p) => (FIELDS as readonly string[]).includes(p.field))
              .map((p) => ({ name: p.field as Field, errors: [p.message] })),
          );
        }
      },
    });
  };

  const serverError = register.error && isApiError(register.error) && register.error.fieldErrors.length === 0;
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
      <Form<RegisterPayload> form={form} layout="vertical" onFinish={submit} data-testid="register-form">
        {FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={labels[field]}
            rules={[rule(field)]}
            validateTrigger={['onChange', 'onBlur']}
            extra={field === 'phone' ? t('phoneHint') : undefined}
          >
            {field === 'password' || field === 'confirmPassword' ? (
              <Input.Password autoComplete="new-password" />
            ) : (
              <Input autoComplete={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'off'} />
            )}
          </Form.Item>
        ))}
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
