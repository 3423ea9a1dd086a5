import {
  CALL_RESULTS,
  type CallRecord,
  type CallResult,
  callRecordQuerySchema,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Form, Input, Segmented, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { ExportButton } from '@/components/ExportButton';
import { type FilterParams, ResourceTable } from '@/components/ResourceTable';
import { formatDuration, formatMoney, formatNumber } from '@/lib/format';
import { filterText, periodParams, periodValue } from '@/lib/period-query';
import {
  type CallStatsRow,
  callStatsQuery,
  listCallRecordsQuery,
  RECORD_EXPORT_PATH,
} from '../api/call-tasks';
import { TaskPicker } from '../components/TaskPicker';
import { ResultTag } from '../components/TaskStateTag';

const percent = (rate: number) => `${formatNumber(rate * 100, 1)}%`;
/** A call's charge: as the console shows money, with more places where a call's cents have them. */
const money = (value: string | null) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, { exact: true })}</span>
);
/** Ring and talk time as a phone shows them (m:ss). */
const duration = (seconds: number) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatDuration(seconds * 1000, { tenths: false })}</span>
);

/** The query of the records' filters: the period picked as `from`/`until`. */
function toQuery(values: Record<string, unknown>): FilterParams<typeof callRecordQuerySchema> {
  const { from, to } = periodParams(values.period);
  return {
    to: filterText(typeof values.to === 'string' ? values.to.trim() : undefined),
    result: filterText(values.result),
    taskId: filterText(values.taskId),
    from,
    until: to,
  };
}

/** The reverse of `toQuery`, for the list's state read from the URL. */
function fromQuery(query: Record<string, string>): Record<string, unknown> {
  const { until, from, ...rest } = query;
  return { ...rest, period: periodValue({ ...(from ? { from } : {}), ...(until ? { to: until } : {}) }) };
}

/** Statistics of the calls by day, task or trunk; cost and margin come for staff only. */
function CallStats() {
  const { t } = useTranslation('callTask');
  const [by, setBy] = useState<'day' | 'task' | 'trunk'>('day');
  const stats = useQuery(callStatsQuery({ by }));
  const staff = (stats.data ?? []).some((r) => r.cost !== null);
  const columns: TableColumnsType<CallStatsRow> = [
    { title: t(`statsBy.${by}`), dataIndex: 'label' },
    { title: t('stats.calls'), dataIndex: 'calls', render: (n: number) => formatNumber(n) },
    {
      title: t('result.answered'),
      dataIndex: 'answered',
      render: (n: number) => formatNumber(n),
      responsive: ['sm'],
    },
    { title: t('stats.answerRate'), dataIndex: 'answerRate', render: percent },
    {
      title: t('stats.avgTalk'),
      dataIndex: 'avgTalkS',
      render: (s: number) => formatDuration(s * 1000, { tenths: false }),
      responsive: ['sm'],
    },
    { title: t('stats.revenue'), dataIndex: 'revenue', render: money },
    ...(staff
      ? [
          { title: t('stats.cost'), dataIndex: 'cost', render: money, responsive: ['md' as const] },
          { title: t('stats.margin'), dataIndex: 'margin', render: money, responsive: ['md' as const] },
        ]
      : []),
  ];
  return (
    <Card
      size="small"
      title={t('statsTitle')}
      extra={
        <Segmented
          value={by}
          onChange={(v) => setBy(v as typeof by)}
          options={(['day', 'task', 'trunk'] as const).map((v) => ({ value: v, label: t(`statsBy.${v}`) }))}
        />
      }
      style={{ marginBottom: 16 }}
      data-testid="call-stats"
    >
      <Table
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={stats.data ?? []}
        loading={stats.isFetching}
        pagination={false}
        scroll={{ x: true }}
      />
    </Card>
  );
}

/** callTask/CallRecords: every call attempt (CDR) with filters, the past week's export, statistics. */
export default function CallRecordsPage() {
  const { t } = useTranslation('callTask');
  const columns: TableColumnsType<CallRecord> = [
    {
      title: t('startedAt'),
      dataIndex: 'startedAt',
      render: (d: string) => <DateTimeText value={d} />,
      responsive: ['md'],
    },
    { title: t('number'), dataIndex: 'to' },
    { title: t('resultTitle'), dataIndex: 'result', render: (r: CallResult) => <ResultTag result={r} /> },
    {
      title: t('ivrResult'),
      dataIndex: 'ivrResult',
      render: (r: string) => <span data-testid="ivr-result">{r}</span>,
    },
    { title: t('ringS'), dataIndex: 'ringS', render: duration, responsive: ['lg'] },
    { title: t('talkS'), dataIndex: 'talkS', render: duration },
    { title: t('keys'), dataIndex: 'keys', responsive: ['md'] },
    { title: t('billedS'), dataIndex: 'billedS', render: (n: number) => formatNumber(n), responsive: ['xl'] },
    { title: t('amount'), dataIndex: 'amount', render: money, responsive: ['sm'] },
    { title: t('taskTitle'), dataIndex: 'taskName', responsive: ['lg'] },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['xl'] },
    { title: t('callerId'), dataIndex: 'callerId', responsive: ['xl'] },
  ];
  return (
    <>
      <CallStats />
      <ResourceTable
        params={callRecordQuerySchema}
        query={listCallRecordsQuery}
        rowKey="id"
        title={t('recordsTitle')}
        testId="call-record-table"
        columns={columns}
        toQuery={toQuery}
        fromQuery={fromQuery}
        filters={
          <>
            <Form.Item name="taskId" label={t('taskTitle')}>
              <TaskPicker placeholder={t('anyTask')} />
            </Form.Item>
            <Form.Item name="to" label={t('number')}>
              <Input allowClear data-testid="call-record-number" />
            </Form.Item>
            <Form.Item name="result" label={t('resultTitle')}>
              <Select
                allowClear
                placeholder={t('anyResult')}
                style={{ minWidth: 140 }}
                options={CALL_RESULTS.map((r) => ({ value: r, label: t(`result.${r}`) }))}
                data-testid="call-record-result"
              />
            </Form.Item>
            <Form.Item name="period" label={t('period')}>
              <DatePicker.RangePicker showTime data-testid="call-record-period" />
            </Form.Item>
          </>
        }
        toolbar={({ params }) => (
          <ExportButton path={RECORD_EXPORT_PATH} params={params} permission="voice:record:export" />
        )}
      />
    </>
  );
}
