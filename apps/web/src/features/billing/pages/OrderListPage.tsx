import { ORDER_DICTS, type Order, orderListQuerySchema } from '@switchboard/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { DictTag, useDict } from '@/components/dict';
import { Ellipsis } from '@/components/Ellipsis';
import { ResourceTable } from '@/components/ResourceTable';
import { formatMoney } from '@/lib/format';
import { listOrdersQuery } from '../api/list-orders';
import { OrderStateTag } from '../components/OrderStateTag';

/** Top-up orders of every company in the caller's scope (staff: all; resellers: their customers). */
export default function OrderListPage() {
  const { t } = useTranslation(['billing', 'menu']);
  const states = useDict(ORDER_DICTS.state);
  const methods = useDict(ORDER_DICTS.method);
  return (
    <ResourceTable
      params={orderListQuerySchema}
      query={listOrdersQuery}
      rowKey="id"
      title={t('menu:topUpOrders')}
      testId="order-table"
      filters={
        <>
          <Form.Item name="state" label={t('state')}>
            <Select allowClear options={states.options} style={{ width: 160 }} data-testid="filter-state" />
          </Form.Item>
          <Form.Item name="method" label={t('method')}>
            <Select allowClear options={methods.options} style={{ width: 120 }} data-testid="filter-method" />
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
          render: (v: string) => <DictTag code={ORDER_DICTS.method} value={v} />,
        },
        {
          title: t('amount'),
          dataIndex: 'amountRequested',
          align: 'right',
          render: (v: string) => formatMoney(v),
        },
        {
          title: t('paid'),
          dataIndex: 'amountPaid',
          align: 'right',
          responsive: ['md'],
          render: (v: string) => formatMoney(v),
        },
        {
          title: t('credited'),
          dataIndex: 'amountCredited',
          align: 'right',
          render: (v: string) => formatMoney(v),
        },
        { title: t('state'), dataIndex: 'state', render: (s: Order['state']) => <OrderStateTag state={s} /> },
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
          render: (v: string) => <DateTimeText value={v} />,
        },
      ]}
    />
  );
}
