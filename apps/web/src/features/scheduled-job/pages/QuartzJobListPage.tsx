import {
  JOB_RUN_STATUSES,
  type JobRecord,
  type JobRunStatus,
  jobListQuerySchema,
} from '@switchboard/contracts';
import { App, Flex, Form, Input, Select, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { formatDateTime } from '@/lib/format';
import { listJobsQuery, useRunNow, useSetPaused } from '../api/jobs';
import { HistoryDrawer } from '../components/HistoryDrawer';
import { RunStatusTag } from '../components/RunStatusTag';
import { ScheduleModal } from '../components/ScheduleModal';
import { formatDuration, jobDescription } from '../job-texts';

export const JOB_PERMISSIONS = {
  edit: 'system:quartzJob:edit',
  pause: 'system:quartzJob:pause',
  resume: 'system:quartzJob:resume',
  execute: 'system:quartzJob:execute',
} as const;

/** system/QuartzJobList: the server's scheduled jobs, their schedules, runs and history (administrators). */
export default function QuartzJobListPage() {
  const { t, i18n } = useTranslation('jobs');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<JobRecord | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const setPaused = useSetPaused();
  const runNow = useRunNow();

  const pause = (job: JobRecord, paused: boolean) =>
    setPaused.mutateAsync({ name: job.name, paused }).then(
      () => void message.success(t(paused ? 'paused' : 'resumed')),
      () => {},
    );
  const run = (job: JobRecord) =>
    runNow.mutateAsync(job.name).then(
      (result) => {
        void message.success(
          result.status === 'running'
            ? t('started')
            : t('finished', { status: t(`statuses.${result.status}`) }),
        );
        setHistoryOf(job.name);
      },
      () => {},
    );

  const columns: TableColumnsType<JobRecord> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      sorter: true,
      // The language is read so a switch renders the description in the other one.
      render: (name: string, job) => (
        <Flex vertical gap={2} style={{ maxWidth: 360, minWidth: 200 }}>
          <Typography.Text code style={{ whiteSpace: 'nowrap', alignSelf: 'flex-start' }}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="job-description">
            {jobDescription(job, i18n.language)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.schedule'),
      dataIndex: 'schedule',
      sorter: true,
      render: (schedule: string) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }} data-testid="job-schedule">
          {schedule}
        </Typography.Text>
      ),
    },
    {
      title: t('fields.state'),
      dataIndex: 'paused',
      sorter: true,
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (paused: boolean, job) => (
        <Space size={4}>
          {paused ? (
            <Tag color="warning" data-testid="job-state">
              {t('states.paused')}
            </Tag>
          ) : (
            <Tag color="success" data-testid="job-state">
              {t('states.active')}
            </Tag>
          )}
          {job.runningSince && (
            <Tooltip title={t('runningSince', { time: formatDateTime(job.runningSince) })}>
              <Tag color="processing" data-testid="job-running">
                {t('states.running')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('fields.lastRun'),
      dataIndex: 'lastRunAt',
      sorter: true,
      render: (_, job) =>
        job.lastStatus && job.lastRunAt ? (
          <Tooltip title={job.lastResult ?? undefined}>
            <Flex gap={4} align="center" wrap={false}>
              <RunStatusTag status={job.lastStatus as JobRunStatus} />
              <DateTimeText value={job.lastRunAt} />
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {formatDuration(job.lastDurationMs, t)}
              </Typography.Text>
            </Flex>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('never')}</Typography.Text>
        ),
    },
    {
      title: t('fields.nextRun'),
      dataIndex: 'nextRunAt',
      responsive: ['lg'],
      render: (value: string | null, job) =>
        job.paused ? (
          <Typography.Text type="secondary">{t('pausedNoNext')}</Typography.Text>
        ) : (
          <DateTimeText value={value} />
        ),
    },
    rowActionsColumn<JobRecord>(t('actions'), (job) => [
      editAction(t('editSchedule'), JOB_PERMISSIONS.edit, () => setEditing(job), 'job-edit'),
      !job.paused && {
        key: 'pause',
        label: t('pause'),
        permission: JOB_PERMISSIONS.pause,
        confirm: t('pauseConfirm', { name: job.name }),
        onClick: () => void pause(job, true),
        testId: 'job-pause',
      },
      job.paused && {
        key: 'resume',
        label: t('resume'),
        permission: JOB_PERMISSIONS.resume,
        onClick: () => void pause(job, false),
        testId: 'job-resume',
      },
      {
        key: 'run',
        label: t('runNow'),
        permission: JOB_PERMISSIONS.execute,
        confirm: t('runNowConfirm', { name: job.name }),
        disabled: runNow.isPending && runNow.variables === job.name,
        onClick: () => void run(job),
        testId: 'job-run',
      },
      {
        key: 'history',
        label: t('history'),
        onClick: () => setHistoryOf(job.name),
        testId: 'job-history-open',
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={jobListQuerySchema}
        query={listJobsQuery}
        rowKey="name"
        title={t('title')}
        testId="job-table"
        columns={columns}
        filters={
          <>
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear data-testid="job-search" />
            </Form.Item>
            <Form.Item name="paused" label={t('fields.state')}>
              <Select
                allowClear
                placeholder={t('any')}
                style={{ minWidth: 120 }}
                options={[
                  { value: 'false', label: t('states.active') },
                  { value: 'true', label: t('states.paused') },
                ]}
              />
            </Form.Item>
            <Form.Item name="lastStatus" label={t('fields.status')}>
              <Select
                allowClear
                placeholder={t('any')}
                style={{ minWidth: 120 }}
                options={JOB_RUN_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={() => <Typography.Text type="secondary">{t('intro')}</Typography.Text>}
      />
      <ScheduleModal job={editing} onClose={() => setEditing(null)} />
      <HistoryDrawer name={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
