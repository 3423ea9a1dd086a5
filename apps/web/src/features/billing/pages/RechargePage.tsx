import { TOP_UP_MAX, TOP_UP_MIN } from '@switchboard/contracts';
import { Alert, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/** Recharge: the page exists (header link); top-up itself arrives with billing. */
export default function RechargePage() {
  const { t } = useTranslation(['layout', 'menu']);
  return (
    <Card>
      <Typography.Title level={3} data-testid="page-title">
        {t('menu:recharge')}
      </Typography.Title>
      <Alert type="info" showIcon title={t('layout:recharge.comingSoon')} style={{ marginBottom: 16 }} />
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'limits',
            label: t('layout:recharge.limits'),
            children: `${formatMoney(TOP_UP_MIN)} – ${formatMoney(TOP_UP_MAX)}`,
          },
          { key: 'card', label: t('layout:recharge.card'), children: t('layout:recharge.cardTime') },
          { key: 'crypto', label: t('layout:recharge.crypto'), children: t('layout:recharge.cryptoTime') },
        ]}
      />
    </Card>
  );
}
