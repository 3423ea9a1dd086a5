import { STATUS_CHECK_STATES, type StatusCheck, statusCheckListQuerySchema } from '@switchboard/contracts';
import { App, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { BulkJobFilters, useBulkJobColumns } from '@/components/BulkJob';
import { DateTimeText } from '@/components/DateTimeText';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { formatMoney, formatNumber } from '@/lib/format';
import { useCurrency } from '@/lib/session';
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
  const currency = useCurrency();
  const { message } = App.useApp();
  const form = useEntityModal<StatusCheck>();
  const [viewing, setViewing] = useState<string | null>(null);
  const stop = useStopStatusCheck();
  useStatusCheckProgress();

  const columns: TableColumnsType<StatusCheck> = [
    ...useBulkJobColumns<StatusCheck>('voiceTools', {
      onOpen: (row) => setViewing(row.id),
      state: (row) => <CheckStateTag state={row.state} stopReason={row.stopReason} />,
      finished: (row) => row.counts.done + row.counts.skipped,
      testIds: { open: 'status-check-open' },
    }),
    {
      title: t('status.reachable'),
      dataIndex: ['counts', 'reachable'],
      responsive: ['md'],
      render: (n: number) => formatNumber(n),
    },
    {
      title: t('amount'),
      dataIndex: 'amount',
      responsive: ['md'],
      render: (a: string) => formatMoney(a, currency),
    },
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
          <BulkJobFilters
            ns="voiceTools"
            states={STATUS_CHECK_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            searchTestId="status-check-search"
          />
        }
        toolbar={() => (
          <AddButton permission="voice:statusCheck:add" onClick={() => form.add()} testId="status-check-add">
            {t('add')}
          </AddButton>
        )}
      />
      <StatusCheckFormModal {...form.modal} />
      <StatusCheckDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
