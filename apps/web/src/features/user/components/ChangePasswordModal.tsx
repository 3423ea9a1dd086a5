import { translateError, updatePasswordSchema } from '@switchboard/contracts';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';
import { endSession } from '@/lib/session';
import { schemaRule } from '@/lib/validation';
import { useUpdatePassword } from '../api/update-password';

interface PasswordForm {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/**
 * Change password, checked as you type with the shared schema. The server revokes every token of
 * the user on success, so the session ends here too and the user signs in again.
 */
export function ChangePasswordModal({
  open,
  username,
  onClose,
}: {
  open: boolean;
  username: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['account', 'common', 'home']);
  const [form] = Form.useForm<PasswordForm>();
  const update = useUpdatePassword();
  // The rule shows as a hint until the field says what is wrong, which repeats it: never both.
  const [passwordFlagged, setPasswordFlagged] = useState(false);

  const labels = useMemo(
    () => ({
      username: t('home:profile.username'),
      oldpassword: t('password.fields.oldpassword'),
      password: t('password.fields.password'),
      confirmpassword: t('password.fields.confirmpassword'),
    }),
    [t],
  );
  const rule = (field: keyof PasswordForm) =>
    schemaRule({
      schema: updatePasswordSchema,
      field,
      values: () => ({ username, ...form.getFieldsValue(true) }),
      labels,
      locale: currentLocale,
      crossCheck:
        field === 'confirmpassword'
          ? () => {
              const { password, confirmpassword } = form.getFieldsValue(true) as Partial<PasswordForm>;
              return confirmpassword && password !== confirmpassword ? 'PASSWORDS_DIFFERENT' : null;
            }
          : undefined,
    });

  const submit = (values: PasswordForm) => {
    update.mutate(
      { username, ...values },
      {
        onSuccess: () => {
          onClose();
          endSession({
            reason: 'passwordChanged',
            message: translateError('PASSWORD_CHANGED', currentLocale()),
          });
        },
      },
    );
  };

  const close = () => {
    form.resetFields();
    update.reset();
    setPasswordFlagged(false);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('password.submit')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        onFieldsChange={(changed) => {
          const field = changed.find((f) => String(f.name) === 'password');
          if (field) setPasswordFlagged((field.errors?.length ?? 0) > 0);
        }}
        preserve={false}
        data-testid="password-form"
      >
        <Form.Item name="oldpassword" label={labels.oldpassword} rules={[rule('oldpassword')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={labels.password}
          rules={[rule('password')]}
          extra={
            passwordFlagged ? undefined : (
              <Typography.Text type="secondary" data-testid="password-hint">
                {t('password.hint')}
              </Typography.Text>
            )
          }
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={labels.confirmpassword}
          dependencies={['password']}
          rules={[rule('confirmpassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {update.isError ? (
          <Alert
            type="error"
            showIcon
            title={update.error.message}
            role="alert"
            data-testid="password-error"
          />
        ) : null}
      </Form>
    </Modal>
  );
}
