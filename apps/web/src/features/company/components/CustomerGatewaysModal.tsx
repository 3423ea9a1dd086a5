import { Alert, App, Checkbox, Empty, Modal, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerGateways, useSaveCustomerGateways } from '../api/gateways';

/**
 * Which of the reseller's granted gateways one of its own customers uses: none chosen means all
 * of them.
 */
export function CustomerGatewaysModal({
  customer,
  onClose,
}: {
  customer: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('agent');
  const { message } = App.useApp();
  const current = useCustomerGateways(customer.id);
  const save = useSaveCustomerGateways();
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (current.data) setChosen(current.data.gatewayIds);
  }, [current.data]);
  const available = current.data?.available ?? [];
  return (
    <Modal
      open
      title={t('gatewaysTitle', { name: customer.name })}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{
        disabled: !current.data,
        ...({ 'data-testid': 'customer-gateways-ok' } as Record<`data-${string}`, string>),
      }}
      onCancel={onClose}
      onOk={() =>
        save.mutate(
          { companyId: customer.id, gatewayIds: chosen },
          {
            onSuccess: () => {
              void message.success(t('gatewaysSaved'));
              onClose();
            },
          },
        )
      }
    >
      <div data-testid="customer-gateways">
        {current.isLoading ? (
          <Spin />
        ) : available.length === 0 ? (
          <Empty description={t('gatewaysNoneGranted')} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="info" showIcon message={t('gatewaysHint')} />
            <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])}>
              <Space direction="vertical">
                {available.map((g) => (
                  <Checkbox key={g.id} value={g.id} data-testid={`gateway-option-${g.name}`}>
                    {g.name} {g.enabled ? null : <Tag>{t('gatewayDisabled')}</Tag>}
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
            <span data-testid="customer-gateways-summary">
              {chosen.length === 0 ? t('gatewaysAll') : t('gatewaysChosen', { count: chosen.length })}
            </span>
          </Space>
        )}
      </div>
    </Modal>
  );
}
