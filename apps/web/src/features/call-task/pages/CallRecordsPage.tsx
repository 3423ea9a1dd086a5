import {
  CALL_RESULTS,
  type CallRecord,
  type CallResult,
  callRecordQuerySchema,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Form, Input, Segmented, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { formatDateTime } from '@/lib/format';
import {
  type CallStatsRow,
  callStatsQuery,
  listCallRecordsQuery,
  RECORD_EXPORT_PATH,
} from '../api/call-tasks';
import { ResultTag } from '../components/TaskStateTag';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Statistics of the calls by day, task or trunk; cost and margin come for staff only. */
function CallStats() {
  const { t } = useTranslation('callTask');
  const [by, setBy] = useState<'day' | 'task' | 'trunk'>('day');
  const stats = useQuery(callStatsQuery({ by }));
  const staff = (stats.data ?? []).some((r) => r.cost !== null);
  const columns: TableColumnsType<CallStatsRow> = [
    { title: t(`statsBy.${by}`), dataIndex: 'label' },
    { title: t('stats.calls'), dataIndex: 'calls' },
    { title: t('result.answered'), dataIndex: 'answered', responsive: ['sm'] },
    { title: t('stats.answerRate'), dataIndex: 'answerRate', render: percent },
    {
      title: t('stats.avgTalk'),
      dataIndex: 'avgTalkS',
      render: (s: number) => s.toFixed(1),
      responsive: ['sm'],
    },
    { title: t('stats.revenue'), dataIndex: 'revenue' },
    ...(staff
      ? [
          { title: t('stats.cost'), dataIndex: 'cost', responsive: ['md' as const] },
          { title: t('stats.margin'), dataIndex: 'margin', responsive: ['md' as const] },
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
    { title: t('startedAt'), dataIndex: 'startedAt', render: (d: string) => formatDateTime(d) },
    { title: t('number'), dataIndex: 'to' },
    { title: t('resultTitle'), dataIndex: 'result', render: (r: CallResult) => <ResultTag result={r} /> },
    { title: t('talkS'), dataIndex: 'talkS' },
    { title: t('billedS'), dataIndex: 'billedS', responsive: ['md'] },
    { title: t('amount'), dataIndex: 'amount', responsive: ['sm'] },
    { title: t('taskTitle'), dataIndex: 'taskName', responsive: ['lg'] },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['lg'] },
    { title: t('callerId'), dataIndex: 'callerId', responsive: ['xl'] },
    { title: t('keys'), dataIndex: 'keys', responsive: ['xl'] },
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
        filters={
          <>
            <Form.Item name="to" label={t('number')}>
              <Input allowClear data-testid="call-record-number" />
            </Form.Item>
            <Form.Item name="result" label={t('resultTitle')}>
              <Select
                allowClear
                placeholder={t('anyResult')}
                style={{ minWidth: 140 }}
                options={CALL_RESULTS.map((r) => ({ value: r, label: t(`result.${r}`) }))}
              />
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
