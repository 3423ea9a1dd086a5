import { hasPlatformScope } from '@switchboard/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { companyOptionsQuery } from '../api/company-options';
import { ApiKeysCard } from '../components/ApiKeysCard';
import { CallbackCard } from '../components/CallbackCard';
import { IpWhiteListCard } from '../components/IpWhiteListCard';

/** Staff belong to no company: they pick the one whose API access they look after. */
function CompanyPicker({ value, onChange }: { value: string | undefined; onChange: (id: string) => void }) {
  const { t } = useTranslation('apiAccess');
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim().slice(0, 128), 300);
  const options = useQuery({ ...companyOptionsQuery(name), placeholderData: keepPreviousData });
  return (
    <Card size="small">
      <Form layout="inline">
        <Form.Item label={t('company.label')} style={{ marginBottom: 0, minWidth: 280 }}>
          <Select
            showSearch={{ filterOption: false, onSearch: setTyped }}
            value={value}
            onChange={onChange}
            placeholder={t('company.placeholder')}
            loading={options.isFetching}
            options={(options.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
            style={{ minWidth: 280 }}
            data-testid="api-company"
          />
        </Form.Item>
      </Form>
    </Card>
  );
}

/**
 * apiAccess/ApiAccess: a company's API keys, delivery-report callback and API IP whitelist. A
 * customer or reseller sees its own company's; staff choose a company.
 */
export default function ApiAccessPage() {
  const { t } = useTranslation('apiAccess');
  const roles = useSession()?.userInfo.roles ?? [];
  const staff = hasPlatformScope(roles);
  const [chosen, setChosen] = useState<string | undefined>();
  // Customers and resellers: their own company (the server takes it from the session).
  const companyId = staff ? chosen : undefined;
  return (
    <Flex vertical gap={16} data-testid="api-access-page">
      {staff && <CompanyPicker value={chosen} onChange={setChosen} />}
      {staff && !chosen ? (
        <Card>
          <Empty description={t('company.choose')} />
        </Card>
      ) : (
        <>
          {/* Keyed by company: nothing of the company before (a shown secret, a test) stays on screen. */}
          <ApiKeysCard key={`keys-${companyId}`} companyId={companyId} />
          <CallbackCard key={`callback-${companyId}`} companyId={companyId} />
          <IpWhiteListCard key={`ip-${companyId}`} companyId={companyId} />
        </>
      )}
    </Flex>
  );
}
