import { ORDER_DICTS, ORDER_EXPORT_PATH, type Order, orderListQuerySchema } from '@switchboard/contracts';
import { DatePicker, Flex, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DateTimeText } from '@/components/DateTimeText';
import { DictTag, useDict } from '@/components/dict';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { type FilterParams, ResourceTable } from '@/components/ResourceTable';
import { exportWindow } from '@/lib/export-window';
import { formatMoney } from '@/lib/format';
import { filterText, periodParams, periodValue } from '@/lib/period-query';
import { useCurrency } from '@/lib/session';
import { listOrdersQuery } from '../api/list-orders';
import { OrderDifference } from '../components/OrderDifference';
import { OrderStateTag } from '../components/OrderStateTag';
import { PAYMENT_RESOLVE_PERMISSION, PaymentIssuesCard } from '../components/PaymentIssuesCard';

/** The query form's values as the list's parameters: the period as whole days. */
function toQuery(values: Record<string, unknown>): FilterParams<typeof orderListQuerySchema> {
  return {
    state: filterText(values.state),
    method: filterText(values.method),
    ...periodParams(values.period, true),
  };
}

function fromQuery(query: Record<string, string>): Record<string, unknown> {
  return { state: query.state, method: query.method, period: periodValue(query) };
}

/**
 * Top-up orders of every company in the caller's scope (staff: all; resellers: their customers),
 * with what each came to against its price; above them, for staff, the payments to resolve.
 */
export default function OrderListPage() {
  const { t } = useTranslation(['billing', 'menu']);
  const currency = useCurrency();
  const states = useDict(ORDER_DICTS.state);
  const methods = useDict(ORDER_DICTS.method);
  return (
    <Flex vertical gap={16}>
      <Can action={PAYMENT_RESOLVE_PERMISSION}>
        <PaymentIssuesCard />
      </Can>
      <ResourceTable
        params={orderListQuerySchema}
        query={listOrdersQuery}
        rowKey="id"
        title={t('menu:topUpOrders')}
        testId="order-table"
        toQuery={toQuery}
        fromQuery={fromQuery}
        // The export takes a week at most: the chosen period, or the past seven days.
        toolbar={({ params }) => (
          <ExportButton
            path={ORDER_EXPORT_PATH}
            params={params}
            prepare={exportWindow}
            testId="order-export"
          />
        )}
        filters={
          <>
            <Form.Item name="state" label={t('state')}>
              {/* Twelve states: typing a part of one finds it. */}
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={states.options}
                style={{ width: 160 }}
                data-testid="filter-state"
              />
            </Form.Item>
            <Form.Item name="method" label={t('method')}>
              <Select
                allowClear
                options={methods.options}
                style={{ width: 120 }}
                data-testid="filter-method"
              />
            </Form.Item>
            <Form.Item name="period" label={t('period')}>
              <DatePicker.RangePicker data-testid="filter-period" />
            </Form.Item>
          </>
        }
        columns={[
          {
            title: t('company'),
            dataIndex: 'companyName',
            render: (name: string | null) => <Ellipsis text={name ?? ''} />,
          },
          {
            title: t('method'),
            dataIndex: 'method',
            responsive: ['md'],
            sorter: true,
            render: (v: string) => <DictTag code={ORDER_DICTS.method} value={v} />,
          },
          {
            title: t('amount'),
            dataIndex: 'amountRequested',
            align: 'right',
            sorter: true,
            render: (v: string) => formatMoney(v, currency),
          },
          {
            title: t('paid'),
            dataIndex: 'amountPaid',
            align: 'right',
            sorter: true,
            responsive: ['md'],
            render: (v: string) => formatMoney(v, currency),
          },
          {
            title: t('credited'),
            dataIndex: 'amountCredited',
            align: 'right',
            sorter: true,
            render: (v: string) => formatMoney(v, currency),
          },
          {
            title: t('difference'),
            dataIndex: 'difference',
            align: 'right',
            responsive: ['md'],
            render: (v: string | null) => <OrderDifference value={v} />,
          },
          {
            title: t('state'),
            dataIndex: 'state',
            sorter: true,
            render: (s: Order['state']) => <OrderStateTag state={s} />,
          },
          {
            title: t('reference'),
            dataIndex: 'providerReference',
            responsive: ['lg'],
            render: (v: string | null) => <Ellipsis text={v ?? ''} />,
          },
          { title: t('createdBy'), dataIndex: 'createdByUsername', responsive: ['lg'] },
          {
            title: t('createdAt'),
            dataIndex: 'createdAt',
            responsive: ['md'],
            sorter: true,
            render: (v: string) => <DateTimeText value={v} />,
          },
        ]}
      />
    </Flex>
  );
}
