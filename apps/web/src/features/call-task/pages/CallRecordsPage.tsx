import {
  CALL_RESULTS,
  type CallRecord,
  type CallResult,
  callRecordQuerySchema,
} from '@switchboard/contracts';
import { Form, Input, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { formatDateTime } from '@/lib/format';
import { listCallRecordsQuery, RECORD_EXPORT_PATH } from '../api/call-tasks';
import { ResultTag } from '../components/TaskStateTag';

/** callTask/CallRecords: every call attempt (CDR) with filters and the past week's export (statistics: CallStatsPage). */
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
  );
}
