import { PlusOutlined } from '@ant-design/icons';
import {
  hasPlatformScope,
  SMS_REVIEW_STATUSES,
  type SmsSender,
  smsSenderListQuerySchema,
} from '@switchboard/contracts';
import { App, Button, Form, Input, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { Can } from '@/components/Can';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ImportDialog } from '@/components/ImportDialog';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useSession } from '@/lib/session';
import {
  listSendersQuery,
  SENDER_EXPORT_PATH,
  SENDER_IMPORT_PATH,
  useApproveSender,
  useDeleteSender,
  useDeleteSenders,
  useRejectSender,
  useReloadSenders,
} from '../api/senders';
import { RejectModal } from '../components/RejectModal';
import { useReviewColumns } from '../components/review-columns';
import { SenderFormModal } from '../components/SenderFormModal';

export const SENDER_PERMISSIONS = {
  add: 'sms:sender:add',
  edit: 'sms:sender:edit',
  delete: 'sms:sender:delete',
  export: 'sms:sender:export',
  import: 'sms:sender:import',
  review: 'sms:sender:review',
} as const;

/** sms/SenderList: a company's sender ids with their review; reviewers pass or reject them. */
export default function SenderListPage() {
  const { t } = useTranslation('smsTemplate');
  const reviewColumns = useReviewColumns<SmsSender>();
  const { message } = App.useApp();
  const staff = hasPlatformScope(useSession()?.userInfo.roles ?? []);
  const form = useEntityModal<SmsSender>();
  const [rejecting, setRejecting] = useState<SmsSender | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteSender();
  const removeMany = useDeleteSenders();
  const approve = useApproveSender();
  const reject = useRejectSender();
  const reload = useReloadSenders();

  const columns: TableColumnsType<SmsSender> = [
    {
      title: t('sender.fields.senderId'),
      dataIndex: 'senderId',
      sorter: true,
      render: (v: string) => <span data-testid="sender-row-id">{v}</span>,
    },
    { title: t('sender.fields.remark'), dataIndex: 'remark', responsive: ['md'] },
    ...reviewColumns,
    rowActionsColumn<SmsSender>(t('common.actions'), (row) => [
      row.status !== 'passed' && {
        key: 'approve',
        label: t('common.approve'),
        permission: SENDER_PERMISSIONS.review,
        confirm: t('common.approveConfirm', { name: row.senderId }),
        onClick: () =>
          approve.mutate(row.id, { onSuccess: () => void message.success(t('common.approved')) }),
        testId: 'sender-approve',
      },
      row.status !== 'failed' && {
        key: 'reject',
        label: t('common.reject'),
        permission: SENDER_PERMISSIONS.review,
        danger: true,
        onClick: () => setRejecting(row),
        testId: 'sender-reject',
      },
      editAction(t('common.edit'), SENDER_PERMISSIONS.edit, () => form.edit(row), 'sender-edit'),
      {
        key: 'delete',
        label: t('common.delete'),
        permission: SENDER_PERMISSIONS.delete,
        danger: true,
        confirm: t('common.deleteConfirm', { name: row.senderId }),
        onClick: () => remove.mutate(row.id, { onSuccess: () => void message.success(t('common.deleted')) }),
        testId: 'sender-delete',
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={smsSenderListQuerySchema}
        query={listSendersQuery}
        rowKey="id"
        title={t('sender.title')}
        testId="sender-table"
        columns={columns}
        selectable
        filters={
          <>
            <Form.Item name="senderId" label={t('sender.search')}>
              <Input allowClear data-testid="sender-search" />
            </Form.Item>
            <Form.Item name="status" label={t('common.status')}>
              <Select
                allowClear
                placeholder={t('common.anyStatus')}
                style={{ minWidth: 140 }}
                options={SMS_REVIEW_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                data-testid="sender-status-filter"
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <Can action={SENDER_PERMISSIONS.add}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => form.add()}
                data-testid="sender-add"
              >
                {t('sender.add')}
              </Button>
            </Can>
            <ExportButton path={SENDER_EXPORT_PATH} params={params} permission={SENDER_PERMISSIONS.export} />
            {/* An import writes into the caller's own company: staff have none. */}
            {staff ? null : (
              <ImportButton permission={SENDER_PERMISSIONS.import} onClick={() => setImporting(true)} />
            )}
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={SENDER_PERMISSIONS.delete}
              onDelete={(ids) => removeMany.mutateAsync(ids)}
              onDone={clearSelection}
            />
          </>
        )}
      />
      <ImportDialog
        open={importing}
        title={t('sender.importTitle')}
        path={SENDER_IMPORT_PATH}
        onClose={() => setImporting(false)}
        onImported={(count) => {
          void reload();
          void message.success(t('common.imported', { count }));
        }}
      />
      <SenderFormModal {...form.modal} />
      {rejecting ? (
        <RejectModal
          name={rejecting.senderId}
          saving={reject.isPending}
          onReject={(reason) => reject.mutateAsync({ id: rejecting.id, reason })}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </>
  );
}
