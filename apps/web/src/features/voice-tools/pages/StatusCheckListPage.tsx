import { PlusOutlined } from '@ant-design/icons';
import { STATUS_CHECK_STATES, type StatusCheck, statusCheckListQuerySchema } from '@switchboard/contracts';
import { App, Button, Form, Input, Progress, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DateTimeText } from '@/components/DateTimeText';
import { Ellipsis } from '@/components/Ellipsis';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { formatNumber } from '@/lib/format';
import { listStatusChecksQuery, useStatusCheckProgress, useStopStatusCheck } from '../api/voice-tools';
import { StatusCheckDrawer } from '../components/StatusCheckDrawer';
import { StatusCheckFormModal } from '../components/StatusCheckFormModal';
import { CheckStateTag } from '../components/StatusTags';

/**
 * voip/StatusCheckList: number-status checks (reachable, busy, unavailable, vacant) in bulk, each
 * number charged from the company's ND rate group; progress live over the websocket.
 */
export default function StatusCheckListPage() {
  const { t } = useTranslation('voiceTools');
  const { message } = App.useApp();
  const form = useEntityModal<StatusCheck>();
  const [viewing, setViewing] = useState<string | null>(null);
  const stop = useStopStatusCheck();
  useStatusCheckProgress();

  const columns: TableColumnsType<StatusCheck> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setViewing(row.id)}
          data-testid="status-check-open"
        >
          <Ellipsis text={name} />
        </Button>
      ),
    },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['lg'] },
    {
      title: t('stateTitle'),
      dataIndex: 'state',
      render: (_: unknown, row) => <CheckStateTag state={row.state} stopReason={row.stopReason} />,
    },
    {
      title: t('progress'),
      key: 'progress',
      responsive: ['sm'],
      render: (_: unknown, row) => {
        const finished = row.counts.done + row.counts.skipped;
        return (
          <Progress
            size="small"
            style={{ minWidth: 100 }}
            percent={row.counts.total > 0 ? Math.floor((finished / row.counts.total) * 100) : 0}
            format={() => `${formatNumber(row.counts.done)}/${formatNumber(row.counts.total)}`}
          />
        );
      },
    },
    {
      title: t('status.reachable'),
      dataIndex: ['counts', 'reachable'],
      responsive: ['md'],
      render: (n: number) => formatNumber(n),
    },
    { title: t('amount'), dataIndex: 'amount', responsive: ['md'], render: (a: string) => formatNumber(a) },
    {
      title: t('createdAt'),
      dataIndex: 'createdAt',
      responsive: ['lg'],
      render: (at: string) => <DateTimeText value={at} />,
    },
    rowActionsColumn<StatusCheck>(t('actions'), (row) => [
      { key: 'view', label: t('view'), onClick: () => setViewing(row.id), testId: 'status-check-view' },
      row.state === 'running' && {
        key: 'stop',
        label: t('stop'),
        permission: 'voice:statusCheck:stop',
        danger: true,
        confirm: t('stopConfirm', { name: row.name }),
        onClick: () => stop.mutate(row.id, { onSuccess: () => void message.success(t('stopped')) }),
        testId: 'status-check-stop',
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={statusCheckListQuerySchema}
        query={listStatusChecksQuery}
        rowKey="id"
        title={t('title')}
        testId="status-check-table"
        columns={columns}
        filters={
          <>
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear data-testid="status-check-search" />
            </Form.Item>
            <Form.Item name="state" label={t('stateTitle')}>
              <Select
                allowClear
                placeholder={t('anyState')}
                style={{ minWidth: 140 }}
                options={STATUS_CHECK_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={() => (
          <Can action="voice:statusCheck:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => form.add()}
              data-testid="status-check-add"
            >
              {t('add')}
            </Button>
          </Can>
        )}
      />
      <StatusCheckFormModal {...form.modal} />
      <StatusCheckDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
