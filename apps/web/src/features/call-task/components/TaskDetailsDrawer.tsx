import { CALL_RESULTS, type CallResult, type CallTaskNumber } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Progress, Select, Space, Statistic, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callTaskNumbersQuery, callTaskQuery, useTaskProgress } from '../api/call-tasks';
import { ResultTag, TaskStateTag } from './TaskStateTag';

/** A task's details: its live progress (pushed over the websocket) and each number's result. */
export function TaskDetailsDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('callTask');
  const task = useQuery({ ...callTaskQuery(id ?? ''), enabled: id !== null });
  useTaskProgress(id);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [result, setResult] = useState<CallResult | undefined>();
  const numbers = useQuery({
    ...callTaskNumbersQuery({ id: id ?? '', ...page, ...(result ? { result } : {}) }, task.data?.state),
    enabled: id !== null,
  });
  const data = task.data;
  const counts = data?.counts;
  const percent = counts && counts.total > 0 ? Math.floor((counts.done / counts.total) * 100) : 0;
  const columns: TableColumnsType<CallTaskNumber> = [
    { title: t('number'), dataIndex: 'number' },
    {
      title: t('resultTitle'),
      dataIndex: 'result',
      render: (r: CallResult | null) => <ResultTag result={r} />,
    },
    { title: t('ringS'), dataIndex: 'ringS', responsive: ['sm'] },
    { title: t('talkS'), dataIndex: 'talkS' },
    { title: t('keys'), dataIndex: 'keys', responsive: ['md'] },
    { title: t('attempts'), dataIndex: 'attempts', responsive: ['md'] },
    { title: t('amount'), dataIndex: 'amount', responsive: ['sm'] },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={data?.name ?? t('details')}
      width="min(760px, 100vw)"
      destroyOnHidden
      data-testid="call-task-details"
    >
      {data && counts ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Space wrap>
            <TaskStateTag state={data.state} pauseReason={data.pauseReason} />
            <span>{data.companyName}</span>
          </Space>
          <Progress percent={percent} data-testid="call-task-progress" />
          <Space wrap size="large">
            <Statistic title={t('counts.total')} value={counts.total} />
            <Statistic title={t('counts.done')} value={counts.done} />
            <Statistic title={t('counts.dialling')} value={counts.dialling} />
            <Statistic title={t('result.answered')} value={counts.answered} />
            <Statistic title={t('amount')} value={data.amount} />
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            {CALL_RESULTS.filter((r) => r !== 'answered').map((r) => (
              <Descriptions.Item key={r} label={t(`result.${r}`)}>
                {counts[r]}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('fields.callRatio')}>{data.callRatio}</Descriptions.Item>
            <Descriptions.Item label={t('fields.periods')}>
              {data.periods.map((p) => `${p.start}–${p.end}`).join(', ')} ({data.timeZone})
            </Descriptions.Item>
          </Descriptions>
          <Select
            allowClear
            placeholder={t('anyResult')}
            style={{ minWidth: 160 }}
            value={result}
            onChange={(value) => {
              setResult(value);
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            options={CALL_RESULTS.map((r) => ({ value: r, label: t(`result.${r}`) }))}
          />
          <Table
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={numbers.data?.records ?? []}
            loading={numbers.isFetching && !numbers.data}
            scroll={{ x: true }}
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total: numbers.data?.total ?? 0,
              onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
            }}
            data-testid="call-task-numbers-table"
          />
        </Space>
      ) : null}
    </Drawer>
  );
}
