import { Alert, App, Button, Card, Checkbox, Empty, Form, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { useCompanies, useGrants, useSaveGrants } from '../api/routing';
import { ROUTING_PERMS } from '../components/labels';

/**
 * routing/GatewayGrants: which gateways a distributor or agent (and so its customers) may use.
 * Nothing granted: no limit.
 */
export default function GatewayGrantsPage() {
  const { t } = useTranslation('routing');
  const { message } = App.useApp();
  const companies = useCompanies();
  const resellers = (companies.data?.records ?? []).filter((c) => c.type === 'agent');
  const [companyId, setCompanyId] = useState<string | undefined>();
  const grants = useGrants(companyId);
  const save = useSaveGrants();
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (grants.data) setChosen(grants.data.gateways.filter((g) => g.granted).map((g) => g.id));
  }, [grants.data]);
  return (
    <Card title={t('grants.title')} data-testid="gateway-grants">
      <Form layout="vertical">
        <Form.Item label={t('grants.reseller')}>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ maxWidth: 420 }}
            placeholder={t('grants.chooseReseller')}
            loading={companies.isLoading}
            value={companyId}
            onChange={setCompanyId}
            data-testid="grant-reseller"
            options={resellers.map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
      </Form>
      {grants.data ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('grants.hint')} />
          {grants.data.gateways.length === 0 ? (
            <Empty description={t('grants.none')} />
          ) : (
            <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])}>
              <Space direction="vertical">
                {grants.data.gateways.map((g) => (
                  <Checkbox key={g.id} value={g.id} data-testid={`grant-option-${g.name}`}>
                    {g.name} {g.enabled ? null : <Tag>{t('disabled')}</Tag>}
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
          )}
          <span data-testid="grant-summary">
            {chosen.length === 0 ? t('grants.unrestricted') : t('grants.count', { count: chosen.length })}
          </span>
          <Can action={ROUTING_PERMS.grantEdit}>
            <Button
              type="primary"
              loading={save.isPending}
              data-testid="grant-save"
              onClick={() =>
                companyId &&
                save.mutate(
                  { companyId, gatewayIds: chosen },
                  { onSuccess: () => void message.success(t('grants.saved')) },
                )
              }
            >
              {t('grants.save')}
            </Button>
          </Can>
        </Space>
      ) : null}
    </Card>
  );
}
