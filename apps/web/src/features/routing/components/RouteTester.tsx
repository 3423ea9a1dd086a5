import { type RouteTestResult, SMS_KINDS, type SmsKind } from '@switchboard/contracts';
import { Alert, Button, Descriptions, Divider, Form, Input, Modal, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { useCompanies, useRecommendation, useTestRoute } from '../api/routing';
import { useRoutingLabels } from './labels';

/** Which gateways a country's traffic is best sent through: cost, and delivery rate when known. */
function Recommendations({ countryCode, kind }: { countryCode: string; kind: SmsKind }) {
  const { t } = useTranslation('routing');
  const currency = useCurrency();
  const recommend = useRecommendation(countryCode, kind);
  if (!recommend.data) return null;
  return (
    <>
      <Divider plain>{`${t('recommend.title')} · ${countryCode}`}</Divider>
      <p>{recommend.data.withDeliveryRates ? t('recommend.byBoth') : t('recommend.byCost')}</p>
      <DataTable
        size="small"
        rowKey="id"
        pagination={false}
        data-testid="route-recommend"
        dataSource={recommend.data.gateways}
        columns={[
          { title: t('recommend.rank'), dataIndex: 'rank', width: 60 },
          {
            title: t('recommend.gateway'),
            dataIndex: 'name',
            render: (name: string, g) => (g.enabled ? name : `${name} (${t('disabled')})`),
          },
          {
            title: t('recommend.cost'),
            dataIndex: 'cost',
            align: 'right',
            render: (v: string | null) =>
              v === null ? t('recommend.unknown') : formatMoney(v, currency, 'price'),
          },
          {
            title: t('recommend.deliveryRate'),
            dataIndex: 'deliveryRate',
            align: 'right',
            render: (v: number | null) => (v === null ? t('recommend.unknown') : `${(v * 100).toFixed(1)} %`),
          },
        ]}
      />
    </>
  );
}

/** The answer of the tester: route, gateways in order, price (staff: cost and margin). */
function TestResult({ result }: { result: RouteTestResult }) {
  const { t } = useTranslation('routing');
  const currency = useCurrency();
  const price = (value: string) => formatMoney(value, currency, 'price');
  const labels = useRoutingLabels();
  return (
    <div data-testid="route-test-result">
      {result.reason ? (
        <Alert type="warning" showIcon message={result.reasonText} data-testid="route-test-reason" />
      ) : null}
      <Descriptions column={1} size="small" bordered style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('tester.number')}>{result.number}</Descriptions.Item>
        {result.countryCode ? (
          <Descriptions.Item label={t('tester.country')}>
            {labels.country(result.countryCode)}
          </Descriptions.Item>
        ) : null}
        {result.countryCode ? (
          <Descriptions.Item label={t('tester.operator')}>
            {result.operator
              ? `${result.operator.name} (${result.operator.mcc}/${result.operator.mnc})`
              : t('tester.unknownOperator')}
          </Descriptions.Item>
        ) : null}
        {result.route ? (
          <Descriptions.Item label={t('tester.route')}>
            <span data-testid="route-test-route">{result.route.name}</span>{' '}
            <Tag>{labels.strategy(result.route.strategy)}</Tag>
          </Descriptions.Item>
        ) : null}
        {result.gateways.length > 0 ? (
          <Descriptions.Item label={t('tester.gateways')}>
            <ol style={{ margin: 0, paddingLeft: 20 }} data-testid="route-test-gateways">
              {result.gateways.map((g) => (
                <li key={g.id}>
                  {g.name}
                  {g.cost !== null ? ` · ${t('tester.cost')} ${price(g.cost)}` : ''}
                </li>
              ))}
            </ol>
          </Descriptions.Item>
        ) : null}
        {result.countryCode ? (
          <Descriptions.Item label={t('tester.price')}>
            <span data-testid="route-test-price">
              {result.price !== null
                ? price(result.price)
                : t('tester.noRate', { reason: result.priceError ?? '' })}
            </span>
          </Descriptions.Item>
        ) : null}
        {result.cost !== null ? (
          <Descriptions.Item label={t('tester.cost')}>{price(result.cost)}</Descriptions.Item>
        ) : null}
        {result.margin !== null ? (
          <Descriptions.Item label={t('tester.margin')}>
            <span data-testid="route-test-margin">{price(result.margin)}</span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </div>
  );
}

/** The route tester: a company, a kind and a number → route, gateways, price, cost and margin. */
export function RouteTester({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('routing');
  const labels = useRoutingLabels();
  const companies = useCompanies();
  const test = useTestRoute();
  const [form] = Form.useForm<{ companyId: string; kind: SmsKind; number: string }>();
  const [result, setResult] = useState<RouteTestResult | null>(null);
  const kind = Form.useWatch('kind', form) ?? 'marketing';
  return (
    <Modal open={open} title={t('tester.title')} footer={null} onCancel={onClose} width={720} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'marketing' }}
        data-testid="route-tester"
        onFinish={(values) =>
          test.mutate(values, {
            onSuccess: (r) => setResult(r),
            onError: () => setResult(null),
          })
        }
      >
        <Form.Item
          name="companyId"
          label={t('tester.company')}
          rules={[{ required: true, message: t('tester.companyRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="route-tester-company"
            loading={companies.isLoading}
            options={(companies.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('tester.kind')}>
          <Select options={SMS_KINDS.map((k) => ({ value: k, label: labels.smsKind(k) }))} />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('tester.number')}
          rules={[{ required: true, message: t('tester.numberRequired') }]}
        >
          <Input maxLength={32} placeholder="+447900900123" data-testid="route-tester-number" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={test.isPending} data-testid="route-tester-run">
          {t('tester.run')}
        </Button>
      </Form>
      {result ? <TestResult result={result} /> : null}
      {result?.countryCode ? <Recommendations countryCode={result.countryCode} kind={kind} /> : null}
    </Modal>
  );
}
