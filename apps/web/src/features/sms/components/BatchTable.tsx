import {
  SMS_BATCH_STATES,
  type SmsBatchRow,
  type SmsBatchState,
  type SmsKind,
  smsBatchListQuerySchema,
} from '@switchboard/contracts';
import { App, DatePicker, Form, Select, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { Ellipsis } from '@/components/Ellipsis';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { formatMoney, formatNumber } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { listBatchesQuery, smsPerms, useCancelBatch } from '../api/sms';
import { periodStateQuery, periodStateValues } from '../lib/period';
import { BatchStateTag, StatusCounts } from './tags';

/** Outbox (every send) or Timing (scheduled sends, cancellable while they wait). */
export function BatchTable({
  kind,
  scheduled,
  onRecords,
}: {
  kind: SmsKind;
  scheduled: boolean;
  onRecords: (batchId: string) => void;
}) {
  const { t } = useTranslation('sms');
  const currency = useCurrency();
  const { message } = App.useApp();
  const cancel = useCancelBatch(kind);
  const query = useMemo(() => {
    const list = listBatchesQuery(kind);
    // Timing shows the sends waiting for their time unless another state is asked for.
    return scheduled
      ? (params: Parameters<typeof list>[0]) => list({ ...params, state: params.state ?? 'scheduled' })
      : list;
  }, [kind, scheduled]);
  const states: SmsBatchState[] = scheduled ? ['scheduled', 'cancelled'] : [...SMS_BATCH_STATES];

  const columns: TableColumnsType<SmsBatchRow> = [
    {
      title: scheduled ? t('batch.scheduledAt') : t('batch.createdAt'),
      dataIndex: scheduled ? 'scheduledAt' : 'createdAt',
      render: (v: string | null) => <DateTimeText value={v} />,
    },
    ...(scheduled
      ? [
          {
            title: t('batch.createdAt'),
            dataIndex: 'createdAt',
            responsive: ['lg' as const],
            render: (v: string) => <DateTimeText value={v} />,
          },
        ]
      : []),
    {
      title: t('batch.text'),
      dataIndex: 'text',
      render: (text: string) => <Ellipsis text={text} />,
    },
    { title: t('batch.sender'), dataIndex: 'sender', responsive: ['md'] },
    {
      title: t('batch.total'),
      dataIndex: 'total',
      align: 'right',
      render: (n: number) => <span data-testid="batch-total">{formatNumber(n)}</span>,
    },
    {
      title: t('batch.counts'),
      dataIndex: 'counts',
      render: (counts: SmsBatchRow['counts']) => <StatusCounts counts={counts} />,
    },
    {
      title: t('batch.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <span data-testid="batch-amount">{formatMoney(v, currency)}</span>,
    },
    {
      title: t('batch.state'),
      dataIndex: 'state',
      render: (state: SmsBatchState) => <BatchStateTag state={state} />,
    },
    { title: t('batch.company'), dataIndex: 'companyName', responsive: ['xl'] },
    { title: t('batch.createdBy'), dataIndex: 'createdBy', responsive: ['xl'] },
    rowActionsColumn<SmsBatchRow>(t('batch.actions'), (row) => [
      {
        key: 'records',
        label: t('batch.records'),
        onClick: () => onRecords(row.id),
        testId: 'batch-records',
      },
      row.state === 'scheduled' && {
        key: 'cancel',
        label: t('batch.cancel'),
        danger: true,
        permission: smsPerms(kind).cancel,
        confirm: t('batch.cancelConfirm', { count: row.total }),
        onClick: () =>
          cancel.mutate(row.id, {
            onSuccess: (r) => void message.success(t('batch.cancelled', { count: r.cancelled })),
          }),
        testId: 'batch-cancel',
      },
    ]),
  ];

  return (
    <ResourceTable
      params={smsBatchListQuerySchema}
      query={query}
      rowKey="id"
      title={scheduled ? t('batch.timingTitle') : t('batch.outboxTitle')}
      testId={scheduled ? 'timing-table' : 'outbox-table'}
      columns={columns}
      toQuery={periodStateQuery}
      fromQuery={periodStateValues}
      filters={
        <>
          <Form.Item name="period" label={t('filters.period')}>
            <DatePicker.RangePicker placeholder={[t('filters.today'), t('filters.today')]} />
          </Form.Item>
          <Form.Item name="state" label={t('batch.state')}>
            <Select
              allowClear
              style={{ minWidth: 140 }}
              placeholder={scheduled ? t('batchState.scheduled') : t('filters.any')}
              options={states.map((s) => ({ value: s, label: t(`batchState.${s}`) }))}
              data-testid="batch-state-filter"
            />
          </Form.Item>
        </>
      }
    />
  );
}
