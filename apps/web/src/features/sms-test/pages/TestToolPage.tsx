import type { SmsTestRecord } from '@switchboard/contracts';
import { isFinalSmsStatus } from '@switchboard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Space, Steps, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { DateTimeText } from '@/components/DateTimeText';
import { formatDateTime } from '@/lib/format';
import { testHistoryKey, useSendTest, useTestGateways, useTestHistory, useTestTrace } from '../api/test-tool';

const statusColor = (status: string) =>
  status === 'delivered'
    ? 'success'
    : isFinalSmsStatus(status)
      ? 'error'
      : status === 'sent'
        ? 'processing'
        : 'default';

function useStatusText() {
  const { t } = useTranslation('smsTest');
  return (status: string) => t(`status.${status}`, { defaultValue: status });
}

/** accepted → submitted (the gateway's ids) → receipt, as far as the test got. */
function Trace({ record }: { record: SmsTestRecord }) {
  const { t } = useTranslation('smsTest');
  const statusText = useStatusText();
  const final = isFinalSmsStatus(record.status);
  const submitted = record.parts.length > 0;
  const current = final ? 2 : submitted ? 2 : 1;
  const when = (iso: string | null) => formatDateTime(iso);
  return (
    <Card title={t('trace.title')} size="small" data-testid="test-trace">
      <Steps
        size="small"
        current={current}
        status={final && record.status !== 'delivered' ? 'error' : final ? 'finish' : 'process'}
        items={[
          { title: t('trace.accepted'), description: when(record.createdAt) },
          {
            title: t('trace.submitted'),
            description: submitted ? when(record.parts[0]!.submittedAt) : t('trace.waiting'),
          },
          {
            title: t('trace.receipt'),
            description: final ? when(record.doneAt) : submitted ? t('trace.waitingReceipt') : '',
          },
        ]}
      />
      <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('fields.status')}>
          <Tag color={statusColor(record.status)} data-testid="trace-status" data-status={record.status}>
            {statusText(record.status)}
          </Tag>
          {record.errorCode ? <Typography.Text type="secondary">{record.errorCode}</Typography.Text> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.gateway')}>
          {record.gatewayName ?? record.gatewayId}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.to')}>{record.to}</Descriptions.Item>
        <Descriptions.Item label={t('fields.upstreamIds')}>
          <span data-testid="trace-upstream-ids">
            {record.parts
              .map((p) => `${p.partNo}: ${p.upstreamId}${p.status ? ` (${statusText(p.status)})` : ''}`)
              .join(', ') || '—'}
          </span>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** /TestToolRecord: administrators send a test through one gateway and watch it to its receipt. */
export default function TestToolPage() {
  const { t } = useTranslation(['smsTest', 'menu']);
  const statusText = useStatusText();
  const [form] = Form.useForm<{ gatewayId: string; to: string; text: string }>();
  const gateways = useTestGateways();
  const send = useSendTest();
  const [traceId, setTraceId] = useState<string | null>(null);
  const trace = useTestTrace(traceId);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const history = useTestHistory(page.pageNo, page.pageSize);
  const queryClient = useQueryClient();
  const traceStatus = trace.data?.status;
  // The history shows the trace's progress at once (it also looks again while a test is open).
  useEffect(() => {
    if (traceStatus) void queryClient.invalidateQueries({ queryKey: testHistoryKey });
  }, [traceStatus, queryClient]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} data-testid="page-title">
        {t('menu:testTool')}
      </Typography.Title>
      <Card title={t('form.title')} size="small">
        <Form
          form={form}
          layout="vertical"
          initialValues={{ text: t('form.defaultText') }}
          onFinish={(values) => send.mutate(values, { onSuccess: (record) => setTraceId(record.id) })}
        >
          <Form.Item
            name="gatewayId"
            label={t('fields.gateway')}
            rules={[{ required: true, message: t('form.gatewayRequired') }]}
          >
            <Select
              data-testid="test-gateway"
              loading={gateways.isLoading}
              placeholder={t('form.gatewayPlaceholder')}
              options={(gateways.data ?? []).map((g) => ({
                value: g.id,
                label: g.enabled ? g.name : `${g.name} (${t('form.disabled')})`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('fields.to')}
            rules={[{ required: true, whitespace: true, message: t('form.toRequired') }]}
          >
            <Input placeholder="8613800138000" data-testid="test-to" />
          </Form.Item>
          <Form.Item
            name="text"
            label={t('fields.text')}
            rules={[{ required: true, whitespace: true, message: t('form.textRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={1000} showCount data-testid="test-text" />
          </Form.Item>
          {send.isError ? (
            <Alert type="error" showIcon message={send.error.message} style={{ marginBottom: 16 }} />
          ) : null}
          <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="test-send">
            {t('form.send')}
          </Button>
        </Form>
      </Card>
      {trace.data ? <Trace record={trace.data} /> : null}
      <Card title={t('history.title')} size="small">
        <DataTable<SmsTestRecord>
          rowKey="id"
          size="small"
          data-testid="test-history"
          loading={history.isLoading}
          dataSource={history.data?.records ?? []}
          onRow={(record) => ({ onClick: () => setTraceId(record.id), style: { cursor: 'pointer' } })}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: history.data?.total ?? 0,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          columns={[
            {
              title: t('fields.createdAt'),
              dataIndex: 'createdAt',
              render: (v: string) => <DateTimeText value={v} />,
            },
            {
              title: t('fields.gateway'),
              dataIndex: 'gatewayName',
              render: (v: string | null, r) => v ?? r.gatewayId,
            },
            { title: t('fields.to'), dataIndex: 'to' },
            { title: t('fields.text'), dataIndex: 'text', ellipsis: true },
            {
              title: t('fields.status'),
              dataIndex: 'status',
              render: (v: string) => <Tag color={statusColor(v)}>{statusText(v)}</Tag>,
            },
            { title: t('fields.user'), dataIndex: 'username' },
          ]}
        />
      </Card>
    </Space>
  );
}
