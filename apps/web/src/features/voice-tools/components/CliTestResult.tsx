import type { CliTest } from '@switchboard/contracts';
import { Alert, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { formatNumber } from '@/lib/format';

type LadderRow = CliTest['ladder'][number] & { index: number };

/** A CLI test's outcome: the SIP ladder (each message with its time, opened for its whole text), our media, what the callee received. */
export function CliTestResult({ test }: { test: CliTest }) {
  const { t } = useTranslation('voiceTools');
  const done = test.state === 'done';
  const rows: LadderRow[] = test.ladder.map((e, index) => ({ ...e, index }));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="cli-test-result">
      <Space wrap>
        <Tag
          color={done ? (test.result === 'answered' ? 'success' : 'warning') : 'processing'}
          data-testid="cli-test-state"
        >
          {done ? t(`result.${test.result ?? 'failed'}`) : t(`cliState.${test.state}`)}
        </Tag>
        {test.sipCode !== null ? <span>SIP {test.sipCode}</span> : null}
        <span>
          {t('cli.sentCallerId')}: <Typography.Text code>{test.sentCallerId ?? '—'}</Typography.Text>
        </span>
      </Space>
      {test.error ? <Alert type="error" showIcon message={test.error} /> : null}
      <Card size="small" title={t('cli.ladder')}>
        <DataTable<LadderRow>
          rowKey="index"
          size="small"
          pagination={false}
          scroll={{ x: true }}
          dataSource={rows}
          locale={{ emptyText: done ? t('cli.noLadder') : t('cli.waiting') }}
          expandable={{
            expandedRowRender: (row) => (
              <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, fontSize: 12 }}>
                {row.text}
              </pre>
            ),
          }}
          columns={[
            {
              title: t('cli.time'),
              dataIndex: 'atMs',
              width: 90,
              render: (ms: number) => `+${formatNumber(ms)} ms`,
            },
            {
              title: t('cli.direction'),
              dataIndex: 'dir',
              width: 110,
              render: (dir: 'out' | 'in') =>
                dir === 'out' ? `→ ${t('cli.sent')}` : `← ${t('cli.received')}`,
            },
            {
              title: t('cli.message'),
              dataIndex: 'summary',
              render: (s: string) => <Typography.Text code>{s}</Typography.Text>,
            },
            { title: t('cli.peer'), dataIndex: 'peer', responsive: ['md'] },
          ]}
          data-testid="cli-test-ladder"
        />
      </Card>
      <Card size="small" title={t('cli.callee')} data-testid="cli-test-callee">
        {test.callee ? (
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('cli.presented')}>
              <Typography.Text code data-testid="cli-test-presented">
                {test.callee.from}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('cli.displayName')}>
              {test.callee.displayName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('cli.asserted')}>
              {test.callee.assertedIdentity ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('cli.calledAs')}>{test.callee.to}</Descriptions.Item>
            <Descriptions.Item label={t('cli.codec')}>{test.callee.codec ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('cli.keysHeard')}>
              <span data-testid="cli-test-callee-keys">{test.callee.keys || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('cli.audio')}>
              {t('cli.audioStats', {
                packets: formatNumber(test.callee.audioPackets),
                seconds: formatNumber(test.callee.audioMs / 1000, 2),
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('cli.level')}>
              {test.callee.levelDbfs === null ? '—' : `${formatNumber(test.callee.levelDbfs, 1)} dBFS`}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">{done ? t('cli.noReport') : t('cli.waiting')}</Typography.Text>
        )}
      </Card>
      {test.media ? (
        <Card size="small" title={t('cli.ours')}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('cli.codec')}>{test.media.codec ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('cli.packets')}>
              {t('cli.packetsStats', {
                sent: formatNumber(test.media.packetsSent),
                received: formatNumber(test.media.packetsReceived),
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('cli.keysSent')}>{test.media.keysSent || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('cli.keysReceived')}>
              {test.media.keysReceived || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('cli.talk')}>
              {test.talkMs === null ? '—' : `${formatNumber(test.talkMs / 1000, 1)} s`}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
    </Space>
  );
}
