import { CALL_RESULTS, type CallResult, type CallTaskNumber } from '@switchboard/contracts';
import { Descriptions, Progress, Space, Statistic, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JobDrawer, JobNumbersTable, OutcomeFilter, percentOf, useJobDetails } from '@/components/BulkJob';
import { formatDuration, formatMoney, formatNumber } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { callTaskNumbersQuery, callTaskQuery } from '../api/call-tasks';
import { ResultTag, TaskStateTag } from './TaskStateTag';

/**
 * A task's details: its live progress (pushed over the websocket: `useTaskProgress` of the list
 * page keeps it current) and each number's result.
 */
export function TaskDetailsDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('callTask');
  const currency = useCurrency();
  const details = useJobDetails(id, callTaskQuery, callTaskNumbersQuery);
  const { job: data, numbers, page, setPage } = details;
  const result = details.outcome;
  const counts = data?.counts;
  const percent = counts ? percentOf(counts.done, counts.total) : 0;
  const duration = (seconds: number) => (
    <span style={{ whiteSpace: 'nowrap' }}>{formatDuration(seconds * 1000, { tenths: false })}</span>
  );
  const columns: TableColumnsType<CallTaskNumber> = [
    { title: t('number'), dataIndex: 'number' },
    {
      title: t('resultTitle'),
      dataIndex: 'result',
      render: (r: CallResult | null) => <ResultTag result={r} />,
    },
    {
      title: t('ivrResult'),
      dataIndex: 'ivrResult',
      render: (r: string) => <span data-testid="ivr-result">{r}</span>,
    },
    { title: t('ringS'), dataIndex: 'ringS', render: duration, responsive: ['md'] },
    { title: t('talkS'), dataIndex: 'talkS', render: duration },
    { title: t('keys'), dataIndex: 'keys', responsive: ['md'] },
    {
      title: t('attempts'),
      dataIndex: 'attempts',
      render: (n: number) => <span data-testid="number-attempts">{formatNumber(n)}</span>,
      responsive: ['sm'],
    },
    {
      title: t('amount'),
      dataIndex: 'amount',
      render: (v: string) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(v, currency, 'price')}</span>
      ),
      responsive: ['sm'],
    },
  ];
  return (
    <JobDrawer id={id} onClose={onClose} title={data?.name ?? t('details')} testId="call-task-details">
      {data && counts ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Space wrap>
            <TaskStateTag state={data.state} pauseReason={data.pauseReason} />
            <span>{data.companyName}</span>
            <Link
              to={`/groupCallTask/records?${new URLSearchParams({ taskId: data.id })}`}
              data-testid="call-task-records"
            >
              {t('viewRecords')}
            </Link>
          </Space>
          <Progress percent={percent} data-testid="call-task-progress" />
          <Space wrap size="large">
            <Statistic title={t('counts.total')} value={formatNumber(counts.total)} />
            <Statistic title={t('counts.done')} value={formatNumber(counts.done)} />
            <Statistic title={t('counts.dialling')} value={formatNumber(counts.dialling)} />
            <Statistic title={t('result.answered')} value={formatNumber(counts.answered)} />
            <Statistic
              title={t('amount')}
              value={formatMoney(data.amount, currency)}
              data-testid="call-task-amount"
            />
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            {CALL_RESULTS.filter((r) => r !== 'answered').map((r) => (
              <Descriptions.Item key={r} label={t(`result.${r}`)}>
                <span data-testid={`count-${r}`}>{formatNumber(counts[r])}</span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('fields.callRatio')}>{data.callRatio}</Descriptions.Item>
            <Descriptions.Item label={t('fields.periods')}>
              {data.periods.map((p) => `${p.start}–${p.end}`).join(', ')} ({data.timeZone})
            </Descriptions.Item>
          </Descriptions>
          <OutcomeFilter
            placeholder={t('anyResult')}
            value={result}
            onChange={details.setOutcome}
            options={CALL_RESULTS.map((r) => ({ value: r, label: t(`result.${r}`) }))}
          />
          <JobNumbersTable
            numbers={numbers}
            columns={columns}
            page={page}
            setPage={setPage}
            testId="call-task-numbers-table"
          />
        </Space>
      ) : null}
    </JobDrawer>
  );
}
