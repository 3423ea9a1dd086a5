import {
  JOB_RUN_STATUSES,
  JOB_RUN_TRIGGERS,
  type JobRunRecord,
  type JobRunStatus,
  type JobRunTrigger,
} from '@switchboard/contracts';
import { Drawer, Flex, Select, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { DateTimeText } from '@/components/DateTimeText';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useJobHistory } from '../api/jobs';
import { formatDuration, formatResult } from '../job-texts';
import { RunStatusTag } from './RunStatusTag';

/** One job's runs, newest first, with status and trigger filters; follows a run under way. */
export function HistoryDrawer({ name, onClose }: { name: string | null; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [status, setStatus] = useState<JobRunStatus | undefined>();
  const [trigger, setTrigger] = useState<JobRunTrigger | undefined>();
  // Each job opens on its newest runs, unfiltered.
  useEffect(() => {
    if (name === null) return;
    setPaging((p) => ({ ...p, pageNo: 1 }));
    setStatus(undefined);
    setTrigger(undefined);
  }, [name]);
  const history = useJobHistory(name === null ? null : { name, ...paging, status, trigger });

  const columns: TableColumnsType<JobRunRecord> = [
    {
      title: t('fields.startedAt'),
      dataIndex: 'startedAt',
      render: (value: string) => <DateTimeText value={value} />,
    },
    {
      title: t('fields.trigger'),
      dataIndex: 'trigger',
      render: (value: JobRunTrigger) => t(`triggers.${value}`),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      render: (value: JobRunStatus) => <RunStatusTag status={value} />,
    },
    {
      title: t('fields.finishedAt'),
      dataIndex: 'finishedAt',
      responsive: ['md'],
      render: (value: string | null) => <DateTimeText value={value} />,
    },
    {
      title: t('fields.duration'),
      dataIndex: 'durationMs',
      align: 'right',
      render: (value: number | null) => formatDuration(value, t),
    },
    {
      title: t('fields.outcome'),
      key: 'outcome',
      render: (_, run) =>
        run.error ? (
          <Typography.Text type={run.status === 'failed' ? 'danger' : 'secondary'}>
            {run.error}
          </Typography.Text>
        ) : (
          formatResult(run.result)
        ),
      onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    { title: t('fields.node'), dataIndex: 'node', responsive: ['xl'] },
  ];

  return (
    <Drawer
      open={name !== null}
      onClose={onClose}
      title={t('historyTitle', { name: name ?? '' })}
      width={mobile ? '100%' : 960}
      destroyOnHidden
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('fields.status')}
          style={{ minWidth: 140 }}
          value={status}
          onChange={(value?: JobRunStatus) => {
            setStatus(value);
            setPaging((p) => ({ ...p, pageNo: 1 }));
          }}
          options={JOB_RUN_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          data-testid="job-history-status"
        />
        <Select
          allowClear
          placeholder={t('fields.trigger')}
          style={{ minWidth: 140 }}
          value={trigger}
          onChange={(value?: JobRunTrigger) => {
            setTrigger(value);
            setPaging((p) => ({ ...p, pageNo: 1 }));
          }}
          options={JOB_RUN_TRIGGERS.map((s) => ({ value: s, label: t(`triggers.${s}`) }))}
        />
      </Flex>
      <DataTable<JobRunRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={history.data?.records ?? []}
        loading={history.isFetching && !history.data}
        scroll={{ x: 'max-content' }}
        data-testid="job-history"
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: history.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
      />
    </Drawer>
  );
}
