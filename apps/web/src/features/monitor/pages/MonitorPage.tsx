import type { MonitorJobRun, MonitorSnapshot } from '@switchboard/contracts';
import {
  Alert,
  Card,
  Col,
  Flex,
  Row,
  Space,
  Statistic,
  Switch,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionErrorText } from '@/components/ConnectionErrorText';
import { DataTable } from '@/components/DataTable';
import { DateTimeText } from '@/components/DateTimeText';
import { GatewayStateTag } from '@/features/gateway';
import { formatDateTime, formatNumber } from '@/lib/format';
import { MONITOR_REFRESH_MS, useMonitorSnapshot } from '../api/monitor';
import { SampleChart, type SampleSeries } from '../components/SampleChart';
import { formatBytes, formatMs, formatUptime } from '../lib/format';
import { appendSample, type MonitorSample } from '../lib/samples';

type Gateway = MonitorSnapshot['gateways'][number];

/** A figure of a card: the title, the value, a line under it. */
function Figure({
  title,
  value,
  detail,
  testId,
}: {
  title: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={title} value={value} data-testid={testId} />
      {detail ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-detail`}>
          {detail}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

function JobRunsTable({ runs, testId }: { runs: MonitorJobRun[]; testId: string }) {
  const { t } = useTranslation('monitor');
  const columns: TableColumnsType<MonitorJobRun> = [
    { title: t('jobs.job'), dataIndex: 'jobName' },
    {
      title: t('jobs.startedAt'),
      dataIndex: 'startedAt',
      render: (value: string) => <DateTimeText value={value} />,
    },
    { title: t('jobs.node'), dataIndex: 'node', responsive: ['md'] },
    {
      title: t('jobs.duration'),
      dataIndex: 'durationMs',
      align: 'right',
      render: (value: number | null) => (value === null ? '–' : `${formatNumber(value)} ms`),
    },
    {
      title: t('jobs.error'),
      dataIndex: 'error',
      render: (value: string | null) => value ?? '',
    },
  ];
  return (
    <DataTable<MonitorJobRun>
      size="small"
      rowKey={(r) => `${r.jobName}:${r.startedAt}:${r.node}`}
      columns={columns}
      dataSource={runs}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
    />
  );
}

/**
 * System → Monitoring: the answering process's figures, the shared ones (database, queues, jobs,
 * gateway binds), and charts of the samples taken while the screen is open (every 5 s; pause
 * stops asking).
 */
export default function MonitorPage() {
  const { t } = useTranslation(['monitor', 'menu']);
  const [paused, setPaused] = useState(false);
  const snapshot = useMonitorSnapshot(paused);
  const [samples, setSamples] = useState<MonitorSample[]>([]);
  const data = snapshot.data;

  useEffect(() => {
    if (data) setSamples((current) => appendSample(current, data));
  }, [data]);

  const units = useMemo(() => ({ d: t('units.d'), h: t('units.h'), m: t('units.m'), s: t('units.s') }), [t]);

  const cpuSeries = useMemo<SampleSeries[]>(
    () => [
      { name: t('chart.cpu'), value: (s) => s.cpuPercent, color: '#1677ff' },
      { name: t('chart.loopP99'), value: (s) => s.loopP99, color: '#fa8c16', axis: 1 },
    ],
    [t],
  );
  const memorySeries = useMemo<SampleSeries[]>(
    () => [
      { name: t('chart.rss'), value: (s) => s.rssMb, color: '#722ed1' },
      { name: t('chart.heapUsed'), value: (s) => s.heapUsedMb, color: '#13c2c2' },
    ],
    [t],
  );
  const queueSeries = useMemo<SampleSeries[]>(
    () => [
      { name: t('queues.accepted'), value: (s) => s.accepted, color: '#8c8c8c' },
      { name: t('queues.queued'), value: (s) => s.queued, color: '#1677ff' },
      { name: t('queues.sent'), value: (s) => s.sent, color: '#13c2c2' },
      { name: t('queues.callbacksPending'), value: (s) => s.callbacksPending, color: '#fa8c16' },
      { name: t('chart.websockets'), value: (s) => s.websockets, color: '#24936E' },
    ],
    [t],
  );

  const gatewayColumns: TableColumnsType<Gateway> = [
    { title: t('gateways.name'), dataIndex: 'name' },
    {
      title: t('gateways.state'),
      key: 'state',
      render: (_: unknown, g) => <GatewayStateTag state={g} enabled={g.state !== 'disabled'} />,
    },
    {
      title: t('gateways.binds'),
      key: 'binds',
      align: 'right',
      render: (_: unknown, g) => `${formatNumber(g.bound)} / ${formatNumber(g.binds)}`,
    },
    {
      title: t('gateways.since'),
      dataIndex: 'since',
      render: (value: string | null) => <DateTimeText value={value} />,
    },
    {
      title: t('gateways.lastError'),
      dataIndex: 'lastError',
      render: (value: string | null) => <ConnectionErrorText detail={value} danger />,
    },
  ];

  const header = (
    <Flex wrap gap={12} align="center" justify="space-between">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu:systemMonitor')}
      </Typography.Title>
      <Space wrap>
        {data ? (
          <Typography.Text type="secondary" data-testid="monitor-updated">
            {t('updatedAt', { at: formatDateTime(data.at) })}
          </Typography.Text>
        ) : null}
        <Space>
          <Switch
            checked={!paused}
            onChange={(running) => setPaused(!running)}
            data-testid="monitor-auto-refresh"
            aria-label={t('autoRefresh')}
          />
          <Typography.Text>
            {paused ? t('paused') : t('refreshEvery', { seconds: MONITOR_REFRESH_MS / 1000 })}
          </Typography.Text>
        </Space>
      </Space>
    </Flex>
  );

  if (snapshot.isError && !data) {
    return (
      <Flex vertical gap={16}>
        {header}
        <Alert type="error" showIcon title={snapshot.error.message} />
      </Flex>
    );
  }
  if (!data) {
    return (
      <Flex vertical gap={16}>
        {header}
        <Card loading data-testid="monitor-loading" />
      </Flex>
    );
  }

  const { process: proc, database, queues, jobs } = data;
  const connections = database.connections
    ? t('database.connections', {
        total: formatNumber(database.connections.total),
        active: formatNumber(database.connections.active),
        max: formatNumber(database.connections.max),
      })
    : t('database.embedded');

  return (
    <Flex vertical gap={16} data-testid="monitor-page" data-node={proc.node}>
      {header}
      {snapshot.isError ? <Alert type="warning" showIcon title={snapshot.error.message} /> : null}
      <Alert type="info" showIcon data-testid="monitor-scope" title={t('scope', { node: proc.node })} />

      <Card size="small" title={t('sections.process', { node: proc.node })}>
        <Row gutter={[12, 12]}>
          <Col xs={12} md={8} xl={4}>
            <Figure
              title={t('process.uptime')}
              value={formatUptime(proc.uptimeSeconds, units)}
              detail={t('process.startedAt', { at: formatDateTime(proc.startedAt) })}
              testId="monitor-uptime"
            />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Figure
              title={t('process.cpu')}
              value={`${formatNumber(proc.cpuPercent, 1)}%`}
              detail={t('process.interval', { seconds: formatNumber(proc.intervalMs / 1000, 1) })}
              testId="monitor-cpu"
            />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Figure
              title={t('process.memory')}
              value={formatBytes(proc.memory.rss)}
              detail={t('process.heap', {
                used: formatBytes(proc.memory.heapUsed),
                total: formatBytes(proc.memory.heapTotal),
              })}
              testId="monitor-memory"
            />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Figure
              title={t('process.eventLoop')}
              value={formatMs(proc.eventLoop.p99)}
              detail={t('process.eventLoopDetail', {
                p50: formatMs(proc.eventLoop.p50),
                max: formatMs(proc.eventLoop.max),
              })}
              testId="monitor-loop"
            />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Figure
              title={t('process.websockets')}
              value={formatNumber(data.websocketConnections)}
              detail={
                data.smppBinds === null
                  ? t('process.noSmpp')
                  : t('process.smppBinds', { count: data.smppBinds, n: formatNumber(data.smppBinds) })
              }
              testId="monitor-websockets"
            />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Figure
              title={t('process.host')}
              value={formatNumber(proc.host.loadAverage, 2)}
              detail={t('process.hostDetail', {
                cpus: formatNumber(proc.host.cpus),
                free: formatBytes(proc.host.freeMemory),
                total: formatBytes(proc.host.totalMemory),
                version: proc.nodeVersion,
              })}
              testId="monitor-host"
            />
          </Col>
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('chart.cpuTitle')}>
            <SampleChart
              samples={samples}
              series={cpuSeries}
              unit="%"
              rightUnit="ms"
              testId="monitor-chart-cpu"
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('chart.memoryTitle')}>
            <SampleChart samples={samples} series={memorySeries} unit="MB" testId="monitor-chart-memory" />
          </Card>
        </Col>
      </Row>

      <Card size="small" title={t('sections.shared')}>
        <Row gutter={[12, 12]}>
          <Col xs={12} md={8} xl={6}>
            <Figure
              title={t('database.size')}
              value={formatBytes(database.sizeBytes)}
              detail={`${t(`database.kind.${database.kind}`)} · ${connections}`}
              testId="monitor-db-size"
            />
          </Col>
          {database.pool ? (
            <Col xs={12} md={8} xl={6}>
              <Figure
                title={t('database.pool')}
                value={`${formatNumber(database.pool.total)} / ${formatNumber(database.pool.max)}`}
                detail={t('database.poolDetail', {
                  idle: formatNumber(database.pool.idle),
                  waiting: formatNumber(database.pool.waiting),
                })}
                testId="monitor-db-pool"
              />
            </Col>
          ) : null}
          {(
            [
              'accepted',
              'scheduled',
              'queued',
              'sent',
              'callbacksPending',
              'receiptsUnmatched',
              'smppReceiptsDue',
            ] as const
          ).map((key) => (
            <Col xs={12} md={8} xl={6} key={key}>
              <Figure
                title={t(`queues.${key}`)}
                value={formatNumber(queues[key])}
                testId={`monitor-queue-${key}`}
              />
            </Col>
          ))}
          <Col xs={12} md={8} xl={6}>
            <Figure
              title={t('jobs.running')}
              value={formatNumber(jobs.running.length)}
              detail={t('jobs.failedLastDay', { n: formatNumber(jobs.failedLastDay) })}
              testId="monitor-jobs"
            />
          </Col>
        </Row>
      </Card>

      <Card size="small" title={t('chart.queuesTitle')}>
        <SampleChart samples={samples} series={queueSeries} unit="" testId="monitor-chart-queues" />
      </Card>

      <Card size="small" title={t('sections.gateways')}>
        <DataTable<Gateway>
          size="small"
          rowKey="gatewayId"
          columns={gatewayColumns}
          dataSource={data.gateways}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('gateways.none') }}
          data-testid="monitor-gateways"
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={
              <Space>
                {t('jobs.runningTitle')}
                <Tag>{formatNumber(jobs.running.length)}</Tag>
              </Space>
            }
          >
            <JobRunsTable runs={jobs.running} testId="monitor-jobs-running" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={
              <Space>
                {t('jobs.failuresTitle')}
                <Tag color={jobs.failedLastDay > 0 ? 'red' : 'default'}>
                  {formatNumber(jobs.failedLastDay)}
                </Tag>
              </Space>
            }
          >
            <JobRunsTable runs={jobs.recentFailures} testId="monitor-jobs-failures" />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
