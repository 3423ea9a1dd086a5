import { NUMBER_STATUSES, type NumberStatusResult, type StatusCheckNumber } from '@switchboard/contracts';
import { Alert, Descriptions, Progress, Space, Statistic, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { JobDrawer, JobNumbersTable, OutcomeFilter, percentOf, useJobDetails } from '@/components/BulkJob';
import { DateTimeText } from '@/components/DateTimeText';
import { ExportButton } from '@/components/ExportButton';
import { formatMoney, formatNumber } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { STATUS_EXPORT_PATH, statusCheckNumbersQuery, statusCheckQuery } from '../api/voice-tools';
import { CheckStateTag, NumberStatusTag } from './StatusTags';

/** A check's summary (live over the websocket: the page listens), its numbers by status, and the export. */
export function StatusCheckDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('voiceTools');
  const currency = useCurrency();
  const details = useJobDetails(id, statusCheckQuery, statusCheckNumbersQuery);
  const { job: data, numbers, page, setPage } = details;
  const status = details.outcome;
  const counts = data?.counts;
  const percent = counts ? percentOf(counts.done + counts.skipped, counts.total) : 0;
  const columns: TableColumnsType<StatusCheckNumber> = [
    { title: t('number'), dataIndex: 'number' },
    {
      title: t('statusTitle'),
      dataIndex: 'status',
      render: (s: NumberStatusResult | null, row) =>
        row.state === 'skipped' ? t('skipped') : <NumberStatusTag status={s} />,
    },
    { title: t('sipCode'), dataIndex: 'sipCode', responsive: ['sm'] },
    {
      title: t('ms'),
      dataIndex: 'ms',
      responsive: ['md'],
      render: (ms: number | null) => (ms === null ? '' : formatNumber(ms)),
    },
    { title: t('reason'), dataIndex: 'error', responsive: ['md'] },
    {
      title: t('amount'),
      dataIndex: 'amount',
      responsive: ['sm'],
      render: (a: string) => formatMoney(a, currency),
    },
    {
      title: t('checkedAt'),
      dataIndex: 'checkedAt',
      responsive: ['lg'],
      render: (at: string | null) => <DateTimeText value={at} />,
    },
  ];
  return (
    <JobDrawer id={id} onClose={onClose} title={data?.name ?? t('details')} testId="status-check-details">
      {data && counts ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Space wrap>
            <CheckStateTag state={data.state} stopReason={data.stopReason} />
            <span>{data.companyName}</span>
          </Space>
          {data.stopReason === 'BALANCE_INSUFFICIENT' ? (
            <Alert type="warning" showIcon message={t('balanceStopped')} data-testid="status-check-balance" />
          ) : null}
          <Progress percent={percent} data-testid="status-check-progress" />
          <Space wrap size="large" data-testid="status-check-summary">
            <Statistic title={t('counts.total')} value={counts.total} />
            {NUMBER_STATUSES.map((s) => (
              <Statistic key={s} title={t(`status.${s}`)} value={counts[s]} />
            ))}
            <Statistic title={t('amount')} value={formatMoney(data.amount, currency)} />
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('counts.pending')}>
              {counts.pending + counts.checking}
            </Descriptions.Item>
            <Descriptions.Item label={t('counts.skipped')}>{counts.skipped}</Descriptions.Item>
            <Descriptions.Item label={t('createdAt')}>
              <DateTimeText value={data.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('finishedAt')}>
              <DateTimeText value={data.finishedAt} />
            </Descriptions.Item>
          </Descriptions>
          <Space wrap>
            <OutcomeFilter
              placeholder={t('anyStatus')}
              value={status}
              onChange={details.setOutcome}
              options={NUMBER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              testId="status-check-filter"
            />
            <ExportButton
              path={STATUS_EXPORT_PATH}
              params={{ id: data.id, ...(status ? { status } : {}) }}
              permission="voice:statusCheck:export"
              testId="status-check-export"
            />
          </Space>
          <JobNumbersTable
            numbers={numbers}
            columns={columns}
            page={page}
            setPage={setPage}
            testId="status-check-numbers-table"
          />
        </Space>
      ) : null}
    </JobDrawer>
  );
}
