import { CLI_TEST_HOLD_DEFAULT, type CliTest, type CliTestInput } from '@switchboard/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DataTable } from '@/components/DataTable';
import { DateTimeText } from '@/components/DateTimeText';
import { trunkOptionsQuery } from '@/features/trunk';
import { CLI_LIST_KEY, cliTestQuery, listCliTestsQuery, useRunCliTest } from '../api/voice-tools';
import { CliTestResult } from '../components/CliTestResult';

interface Values {
  trunkId?: string;
  callerId: string;
  to: string;
  keys: string;
  holdS: number;
}

/**
 * voip/CliTest: a test call with a chosen caller ID through a chosen trunk (placed by a worker),
 * showing the SIP exchange and what the callee received; the recent tests below.
 */
export default function CliTestPage() {
  const { t } = useTranslation('voiceTools');
  const [form] = Form.useForm<Values>();
  const [shown, setShown] = useState<string | null>(null);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const run = useRunCliTest();
  const trunks = useQuery(trunkOptionsQuery());
  const test = useQuery({ ...cliTestQuery(shown ?? ''), enabled: shown !== null });
  const recent = useQuery(listCliTestsQuery(page));
  const queryClient = useQueryClient();
  const finished = test.data?.state === 'done';
  // The recent list shows the outcome once the call is over.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: CLI_LIST_KEY });
  }, [finished, queryClient]);

  const submit = (values: Values) => {
    const input: CliTestInput = {
      trunkId: values.trunkId ?? '',
      callerId: values.callerId.trim(),
      to: values.to.trim(),
      keys: values.keys?.trim() ?? '',
      holdS: values.holdS,
    };
    run.mutate(input, { onSuccess: (queued) => setShown(queued.id) });
  };

  const columns: TableColumnsType<CliTest> = [
    { title: t('createdAt'), dataIndex: 'createdAt', render: (at: string) => <DateTimeText value={at} /> },
    { title: t('cli.trunk'), dataIndex: 'trunkName', responsive: ['md'] },
    { title: t('cli.to'), dataIndex: 'to' },
    { title: t('cli.callerId'), dataIndex: 'callerId', responsive: ['sm'] },
    {
      title: t('cli.outcome'),
      dataIndex: 'result',
      render: (_: unknown, row) =>
        row.state === 'done' ? t(`result.${row.result ?? 'failed'}`) : t(`cliState.${row.state}`),
    },
    {
      key: 'open',
      render: (_: unknown, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setShown(row.id)}
          data-testid="cli-test-open"
        >
          {t('view')}
        </Button>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card title={t('cli.title')} data-testid="cli-test">
        <Typography.Paragraph type="secondary">{t('cli.intro')}</Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ callerId: '', to: '', keys: '', holdS: CLI_TEST_HOLD_DEFAULT }}
          onFinish={submit}
          style={{ maxWidth: 640 }}
        >
          <Form.Item
            name="trunkId"
            label={t('cli.trunk')}
            rules={[{ required: true, message: t('cli.trunkRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={trunks.isFetching}
              options={(trunks.data ?? []).map((trunk) => ({ value: trunk.id, label: trunk.name }))}
              data-testid="cli-test-trunk"
            />
          </Form.Item>
          <Form.Item
            name="callerId"
            label={t('cli.callerId')}
            extra={t('cli.callerIdHint')}
            rules={[{ required: true, pattern: /^\+?[0-9]{1,32}$/, message: t('cli.callerIdInvalid') }]}
          >
            <Input maxLength={33} inputMode="tel" data-testid="cli-test-caller" />
          </Form.Item>
          <Form.Item name="to" label={t('cli.to')} rules={[{ required: true, message: t('cli.toRequired') }]}>
            <Input maxLength={40} inputMode="tel" data-testid="cli-test-to" />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item
              name="keys"
              label={t('cli.keys')}
              extra={t('cli.keysHint')}
              rules={[{ pattern: /^[0-9*#A-Da-d]{0,16}$/, message: t('cli.keysInvalid') }]}
            >
              <Input maxLength={16} style={{ width: 160 }} data-testid="cli-test-keys" />
            </Form.Item>
            <Form.Item name="holdS" label={t('cli.holdS')} rules={[{ required: true }]}>
              <InputNumber
                min={2}
                max={30}
                precision={0}
                style={{ width: 120 }}
                data-testid="cli-test-hold"
              />
            </Form.Item>
          </Space>
          <Can action="voice:cliTest:run">
            <Button type="primary" htmlType="submit" loading={run.isPending} data-testid="cli-test-run">
              {t('cli.run')}
            </Button>
          </Can>
        </Form>
      </Card>
      {test.data ? <CliTestResult test={test.data} /> : null}
      <Card title={t('cli.recent')} size="small">
        <DataTable<CliTest>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={recent.data?.records ?? []}
          loading={recent.isFetching && !recent.data}
          scroll={{ x: true }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: recent.data?.total ?? 0,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          data-testid="cli-test-recent"
        />
      </Card>
    </Space>
  );
}
