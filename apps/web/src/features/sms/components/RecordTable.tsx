import {
  SMS_STATUSES,
  type SmsKind,
  type SmsMessageRow,
  type SmsStatus,
  smsMessageListQuerySchema,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import type { QueryValue } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useCurrency, useIsStaff } from '@/lib/session';
import { gatewayOptionsQuery, listRecordsQuery, recordsExportPath, smsPerms } from '../api/sms';
import { dayPeriodParams, dayPeriodValue, exportEarliest, exportPeriod } from '../lib/period';
import { MessageDrawer } from './MessageDrawer';
import { SmsStatusTag } from './tags';

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const toQuery = (values: Record<string, unknown>) => ({
  ...dayPeriodParams(values.period),
  number: text(values.number),
  status: text(values.status),
  batchId: text(values.batchId),
  gatewayId: text(values.gatewayId),
});
const fromQuery = (query: Record<string, string>) => ({
  period: dayPeriodValue(query),
  number: query.number,
  status: query.status,
  batchId: query.batchId,
  gatewayId: query.gatewayId,
});

/**
 * A kind's records: the current day unless a period is picked, filtered by number, status and
 * batch (and gateway, for staff, who also see each message's gateway, route and cost). Export
 * takes the list's filters within the past week; a row opens the message's detail.
 */
export function RecordTable({ kind }: { kind: SmsKind }) {
  const { t } = useTranslation('sms');
  const currency = useCurrency();
  const staff = useIsStaff();
  const gateways = useQuery({ ...gatewayOptionsQuery, enabled: staff });
  const [open, setOpen] = useState<string | null>(null);

  const columns: TableColumnsType<SmsMessageRow> = [
    {
      title: t('record.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <DateTimeText value={v} />,
    },
    {
      title: t('record.to'),
      dataIndex: 'to',
      render: (to: string) => <span data-testid="record-to">{to}</span>,
    },
    { title: t('record.sender'), dataIndex: 'sender', responsive: ['lg'] },
    {
      title: t('record.text'),
      dataIndex: 'text',
      responsive: ['md'],
      render: (v: string) => <Ellipsis text={v} />,
    },
    { title: t('record.parts'), dataIndex: 'parts', align: 'right' },
    {
      title: t('record.price'),
      dataIndex: 'price',
      align: 'right',
      render: (v: string) => formatMoney(v, currency, 'price'),
    },
    {
      title: t('record.status'),
      dataIndex: 'status',
      render: (status: SmsStatus, row) =>
        row.errorCode ? (
          <Tooltip title={row.errorCode}>
            <span>
              <SmsStatusTag status={status} />
            </span>
          </Tooltip>
        ) : (
          <SmsStatusTag status={status} />
        ),
    },
    {
      title: t('record.doneAt'),
      dataIndex: 'doneAt',
      responsive: ['lg'],
      render: (v: string | null) => <DateTimeText value={v} />,
    },
    ...(staff
      ? [
          { title: t('record.company'), dataIndex: 'companyName', responsive: ['xl' as const] },
          {
            title: t('record.gateway'),
            dataIndex: 'gatewayName',
            render: (v: string | null) => <span data-testid="record-gateway">{v ?? ''}</span>,
          },
          { title: t('record.route'), dataIndex: 'routeName', responsive: ['lg' as const] },
          {
            title: t('record.cost'),
            dataIndex: 'cost',
            align: 'right' as const,
            render: (v: string | null) => formatMoney(v, currency, 'price'),
          },
        ]
      : []),
    rowActionsColumn<SmsMessageRow>(t('batch.actions'), (row) => [
      { key: 'detail', label: t('record.detail'), onClick: () => setOpen(row.id), testId: 'record-detail' },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={smsMessageListQuerySchema}
        query={listRecordsQuery(kind)}
        rowKey="id"
        title={t('record.title')}
        testId="record-table"
        columns={columns}
        toQuery={toQuery}
        fromQuery={fromQuery}
        filters={
          <>
            <Form.Item name="period" label={t('filters.period')}>
              <DatePicker.RangePicker
                placeholder={[t('filters.today'), t('filters.today')]}
                data-testid="record-period"
              />
            </Form.Item>
            <Form.Item name="number" label={t('record.to')}>
              <Input allowClear style={{ width: 170 }} data-testid="record-number" />
            </Form.Item>
            <Form.Item name="status" label={t('record.status')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                placeholder={t('filters.any')}
                options={SMS_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                data-testid="record-status"
              />
            </Form.Item>
            <Form.Item name="batchId" label={t('record.batch')}>
              <Input allowClear style={{ width: 300 }} data-testid="record-batch" />
            </Form.Item>
            {staff ? (
              <Form.Item name="gatewayId" label={t('record.gateway')}>
                <Select
                  allowClear
                  style={{ minWidth: 160 }}
                  placeholder={t('filters.any')}
                  loading={gateways.isLoading}
                  options={(gateways.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
                  data-testid="record-gateway-filter"
                />
              </Form.Item>
            ) : null}
          </>
        }
        toolbar={({ params }) => <RecordExport kind={kind} params={params} />}
      />
      <MessageDrawer kind={kind} id={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** Export of the records shown, limited to the past week (the server refuses an earlier start). */
function RecordExport({ kind, params }: { kind: SmsKind; params: Record<string, string> }) {
  const { t } = useTranslation('sms');
  const limited = exportPeriod(params);
  const earliest: Dayjs = exportEarliest();
  if (!limited) {
    return (
      <Typography.Text type="secondary" data-testid="record-export-outside">
        {t('record.exportOutside', { date: earliest.format('YYYY-MM-DD') })}
      </Typography.Text>
    );
  }
  return (
    <Tooltip title={t('record.exportWindow', { date: earliest.format('YYYY-MM-DD') })}>
      <span>
        <ExportButton
          path={recordsExportPath(kind)}
          params={params}
          prepare={(p) => exportPeriod(p) ?? (p as Record<string, QueryValue>)}
          permission={smsPerms(kind).export}
          testId="record-export"
        />
      </span>
    </Tooltip>
  );
}
