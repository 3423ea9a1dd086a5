import { API_PREFIX, IDEMPOTENCY_KEY_HEADER, SMS_API_PREFIX } from '@switchboard/contracts';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCustomerOpenApi } from '../api/get-openapi';
import { ApiDocsView } from './ApiDocsPage';

/** How a customer starts: the base address, authentication, an example, idempotency, SMPP. */
function GettingStarted() {
  const { t } = useTranslation('apiDocs');
  const base = `${window.location.origin}${API_PREFIX}${SMS_API_PREFIX}`;
  const example = [
    `curl -u "$API_KEY:$API_SECRET" \\`,
    `  -H 'Content-Type: application/json' -H '${IDEMPOTENCY_KEY_HEADER}: order-1001' \\`,
    `  -d '{"kind":"otp","to":"+8613800138000","text":"Your code is 123456","clientRef":"order-1001"}' \\`,
    `  ${base}/sms`,
  ].join('\n');
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      data-testid="customer-api-start"
      items={[
        {
          key: 'base',
          label: t('customer.base'),
          children: (
            <Typography.Text code copyable>
              {base}
            </Typography.Text>
          ),
        },
        { key: 'auth', label: t('customer.auth'), children: t('customer.authText') },
        {
          key: 'example',
          label: t('customer.example'),
          children: (
            <Typography.Paragraph copyable={{ text: example }} style={{ margin: 0 }}>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{example}</pre>
            </Typography.Paragraph>
          ),
        },
        {
          key: 'idempotency',
          label: t('customer.idempotency'),
          children: t('customer.idempotencyText', { header: IDEMPOTENCY_KEY_HEADER }),
        },
        { key: 'reports', label: t('customer.reports'), children: t('customer.reportsText') },
        {
          key: 'smpp',
          label: t('customer.smpp'),
          children: t('customer.smppText', { host: window.location.hostname }),
        },
      ]}
    />
  );
}

/** apiDocs/CustomerApiDocs: the customer HTTP API's own OpenAPI document, with how to start. */
export default function CustomerApiDocsPage() {
  const { t } = useTranslation('apiDocs');
  const doc = useCustomerOpenApi();
  return (
    <ApiDocsView
      doc={doc}
      title={t('customer.title')}
      intro={t('customer.intro')}
      filename="switchboard-sms-api.json"
      header={<GettingStarted />}
      testId="customer-api-docs"
    />
  );
}
