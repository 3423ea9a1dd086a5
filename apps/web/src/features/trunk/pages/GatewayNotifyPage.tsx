import { GATEWAY_NOTIFY_CHECKS_MAX, GATEWAY_NOTIFY_ROLES, type GatewayNotify } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, InputNumber, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { gatewayNotifyQuery, TRUNK_PERMISSIONS, useSaveGatewayNotify } from '../api/trunks';

/**
 * voice/GatewayNotify (spec: `/voip` gateway notify): whether operators are told of a trunk going
 * down (an urgent notice that pops up) and coming back, after how many failed checks in a row a
 * trunk counts as down, and which staff roles are told.
 */
export default function GatewayNotifyPage() {
  const { t } = useTranslation(['trunk', 'common']);
  const { message } = App.useApp();
  const settings = useQuery(gatewayNotifyQuery);
  const save = useSaveGatewayNotify();
  const edit = useCan(TRUNK_PERMISSIONS.notifyEdit);
  const [form] = Form.useForm<GatewayNotify>();
  const down = Form.useWatch('down', form);
  const up = Form.useWatch('up', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  if (settings.isError) return <Alert type="error" showIcon title={settings.error.message} />;
  const readOnly = !edit.visible || edit.disabled;
  return (
    <Card title={t('notify.title')} loading={settings.isPending} data-testid="gateway-notify">
      <Typography.Paragraph type="secondary">{t('notify.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        disabled={readOnly}
        style={{ maxWidth: 520 }}
        onFinish={(values) =>
          save.mutate(values, { onSuccess: () => void message.success(t('notify.saved')) })
        }
      >
        <Form.Item name="down" label={t('notify.down')} valuePropName="checked">
          <Switch data-testid="gateway-notify-down" />
        </Form.Item>
        <Form.Item name="up" label={t('notify.up')} valuePropName="checked">
          <Switch data-testid="gateway-notify-up" />
        </Form.Item>
        <Form.Item
          name="downAfterChecks"
          label={t('notify.downAfterChecks')}
          extra={t('notify.downAfterChecksHint')}
          rules={[{ required: true, message: t('notify.downAfterChecksHint') }]}
        >
          <InputNumber
            min={1}
            max={GATEWAY_NOTIFY_CHECKS_MAX}
            precision={0}
            data-testid="gateway-notify-checks"
          />
        </Form.Item>
        <Form.Item
          name="roleCodes"
          label={t('notify.roles')}
          dependencies={['down', 'up']}
          rules={[
            {
              validator: async (_: unknown, value: string[] | undefined) => {
                if ((down || up) && (!value || value.length === 0))
                  throw new Error(t('notify.rolesRequired'));
              },
            },
          ]}
        >
          <Checkbox.Group
            options={GATEWAY_NOTIFY_ROLES.map((code) => ({
              value: code,
              label: t(`roles.${code}`, { ns: 'common' }),
            }))}
            data-testid="gateway-notify-roles"
          />
        </Form.Item>
        {edit.visible ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="gateway-notify-save">
            {t('notify.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
