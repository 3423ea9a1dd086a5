import {
  isOrderOpen,
  ORDER_DICTS,
  type Order,
  type PaymentMethod,
  TOP_UP_MAX,
  TOP_UP_MIN,
  topUpAmountProblem,
  translateError,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Radio, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DataTable } from '@/components/DataTable';
import { DateTimeText } from '@/components/DateTimeText';
import { DictTag } from '@/components/dict';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/i18n';
import { showError } from '@/lib/query-client';
import { useCurrency } from '@/lib/session';
import { useCreateOrder } from '../api/create-order';
import { balanceQuery } from '../api/get-balance';
import { listOrdersQuery } from '../api/list-orders';
import { OrderDifference } from '../components/OrderDifference';
import { OrderStateTag } from '../components/OrderStateTag';

/** While an order may still change, the list and the balance refresh this often. */
const REFRESH_MS = 3000;

interface TopUpValues {
  amount: string;
  method: PaymentMethod;
}

/**
 * Recharge (/SysCustomerPay): the company's balance, a top-up form (card or crypto) that sends the
 * payer to the provider's checkout, and the company's orders with their states, refreshed until
 * each is settled.
 */
export default function RechargePage() {
  const { t } = useTranslation(['billing', 'menu']);
  const currency = useCurrency();
  const locale = useLocale();
  const [form] = Form.useForm<TopUpValues>();
  const create = useCreateOrder();
  const [leaving, setLeaving] = useState(false);
  const orders = useQuery({
    ...listOrdersQuery({ pageNo: 1, pageSize: 10 }),
    refetchInterval: (query) =>
      query.state.data?.records.some((o) => isOrderOpen(o.state)) ? REFRESH_MS : false,
  });
  const anyOpen = orders.data?.records.some((o) => isOrderOpen(o.state)) ?? false;
  const balance = useQuery({ ...balanceQuery(), refetchInterval: anyOpen ? REFRESH_MS : false });
  const method = Form.useWatch('method', form) ?? 'card';

  const submit = async () => {
    let values: TopUpValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const { checkoutUrl } = await create.mutateAsync({
        amount: values.amount.trim(),
        method: values.method,
      });
      setLeaving(true);
      // The simulator's page (demo mode) speaks the console's language.
      const url = checkoutUrl.includes('/api/payments/sim/') ? `${checkoutUrl}?lang=${locale}` : checkoutUrl;
      window.location.assign(url);
    } catch (error) {
      const field = isApiError(error) ? error.fieldErrors.find((f) => f.field === 'amount') : undefined;
      if (field) form.setFields([{ name: 'amount', errors: [field.message] }]);
      else showError(error);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={3} data-testid="page-title">
          {t('menu:recharge')}
        </Typography.Title>
        <Statistic
          title={t('balance')}
          value={balance.data ? formatMoney(balance.data.balance, balance.data.currency) : '–'}
          loading={balance.isPending}
          data-testid="recharge-balance"
        />
      </Card>
      <Card title={t('topUp')}>
        <Form<TopUpValues>
          form={form}
          layout="vertical"
          initialValues={{ amount: '', method: 'card' }}
          style={{ maxWidth: 480 }}
          data-testid="recharge-form"
          onFinish={() => void submit()}
        >
          <Form.Item
            name="amount"
            label={t('amount')}
            extra={t('limits', {
              min: formatMoney(TOP_UP_MIN, currency),
              max: formatMoney(TOP_UP_MAX, currency),
            })}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const problem = topUpAmountProblem(value ?? '');
                  if (problem) {
                    throw new Error(
                      translateError(problem.code, locale, { field: t('amount'), ...problem.params }),
                    );
                  }
                },
              },
            ]}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              data-testid="recharge-amount"
              placeholder="100.00"
            />
          </Form.Item>
          <Form.Item name="method" label={t('method')}>
            <Radio.Group data-testid="recharge-method">
              <Space direction="vertical">
                <Radio value="card" data-testid="method-card">
                  {t('card')} <Typography.Text type="secondary">— {t('cardTime')}</Typography.Text>
                </Radio>
                <Radio value="crypto" data-testid="method-crypto">
                  {t('crypto')} <Typography.Text type="secondary">— {t('cryptoTime')}</Typography.Text>
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={method === 'card' ? t('cardNote') : t('cryptoNote')}
          />
          <Can action="order:create">
            <Button
              type="primary"
              htmlType="submit"
              loading={create.isPending || leaving}
              data-testid="recharge-submit"
            >
              {t('pay')}
            </Button>
          </Can>
        </Form>
      </Card>
      <Card title={t('myOrders')}>
        <DataTable<Order>
          rowKey="id"
          size="small"
          loading={orders.isPending}
          dataSource={orders.data?.records ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="recharge-orders"
          columns={[
            {
              title: t('createdAt'),
              dataIndex: 'createdAt',
              render: (v: string) => <DateTimeText value={v} />,
            },
            {
              title: t('method'),
              dataIndex: 'method',
              render: (v: string) => <DictTag code={ORDER_DICTS.method} value={v} />,
            },
            {
              title: t('amount'),
              dataIndex: 'amountRequested',
              align: 'right',
              render: (v: string) => formatMoney(v, currency),
            },
            {
              title: t('credited'),
              dataIndex: 'amountCredited',
              align: 'right',
              render: (v: string) => formatMoney(v, currency),
            },
            {
              title: t('difference'),
              dataIndex: 'difference',
              align: 'right',
              render: (v: string | null) => <OrderDifference value={v} />,
            },
            {
              title: t('state'),
              dataIndex: 'state',
              render: (state: Order['state']) => <OrderStateTag state={state} />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
