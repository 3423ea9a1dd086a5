import {
  CALL_RESULTS,
  type CallRecord,
  type CallResult,
  callRecordQuerySchema,
} from '@switchboard/contracts';
import { DatePicker, Form, Input, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { ExportButton } from '@/components/ExportButton';
import { type FilterParams, ResourceTable } from '@/components/ResourceTable';
import { formatDuration, formatMoney, formatNumber } from '@/lib/format';
import { filterText, periodParams, periodValue } from '@/lib/period-query';
import { useCurrency } from '@/lib/session';
import { listCallRecordsQuery, RECORD_EXPORT_PATH } from '../api/call-tasks';
import { TaskPicker } from '../components/TaskPicker';
import { ResultTag } from '../components/TaskStateTag';

/** A call's charge: one call's, shown to the places it has (up to six) as a unit price. */
const money = (currency: string) => (value: string | null) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, currency, 'price')}</span>
);
/** Ring and talk time as a phone shows them (m:ss). */
const duration = (seconds: number) => (
  <span style={{ whiteSpace: 'nowrap' }}>{formatDuration(seconds * 1000, { tenths: false })}</span>
);

/** A transferred call's second leg: the number, its result and (answered) the time bridged. */
function TransferCell({ record }: { record: CallRecord }) {
  const { t } = useTranslation('callTask');
  if (!record.transferTo || !record.transferResult) return null;
  return (
    <div data-testid="call-record-transfer" style={{ marginTop: 4, whiteSpace: 'nowrap' }}>
      {t('transferTo', { number: record.transferTo })} <ResultTag result={record.transferResult} />
      {record.transferResult === 'answered' ? duration(record.transferTalkS) : null}
    </div>
  );
}

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

/** callTask/CallRecords: every call attempt (CDR) with filters and the past week's export (statistics: CallStatsPage). */
export default function CallRecordsPage() {
  const { t } = useTranslation('callTask');
  const currency = useCurrency();
  const columns: TableColumnsType<CallRecord> = [
    {
      title: t('startedAt'),
      dataIndex: 'startedAt',
      render: (d: string) => <DateTimeText value={d} />,
      responsive: ['md'],
    },
    { title: t('number'), dataIndex: 'to' },
    {
      title: t('resultTitle'),
      dataIndex: 'result',
      // A transferred call's second leg under its result (on a phone too).
      render: (r: CallResult, record: CallRecord) => (
        <>
          <ResultTag result={r} />
          <TransferCell record={record} />
        </>
      ),
    },
    {
      title: t('ivrResult'),
      dataIndex: 'ivrResult',
      render: (r: string) => <span data-testid="ivr-result">{r}</span>,
    },
    { title: t('ringS'), dataIndex: 'ringS', render: duration, responsive: ['lg'] },
    { title: t('talkS'), dataIndex: 'talkS', render: duration },
    { title: t('keys'), dataIndex: 'keys', responsive: ['md'] },
    { title: t('billedS'), dataIndex: 'billedS', render: (n: number) => formatNumber(n), responsive: ['xl'] },
    { title: t('amount'), dataIndex: 'amount', render: money(currency), responsive: ['sm'] },
    { title: t('taskTitle'), dataIndex: 'taskName', responsive: ['lg'] },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['xl'] },
    { title: t('callerId'), dataIndex: 'callerId', responsive: ['xl'] },
  ];
  return (
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
  );
}
