import { type SmsSender, smsSenderListQuerySchema } from '@switchboard/contracts';
import { App, Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useIsStaff } from '@/lib/session';
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
import { ReviewStatusFilter, useReviewActions, useReviewColumns } from '../components/review-columns';
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
  const staff = useIsStaff();
  const form = useEntityModal<SmsSender>();
  const remove = useDeleteSender();
  const approve = useApproveSender();
  const reject = useRejectSender();
  const review = useReviewActions<SmsSender>({
    permission: SENDER_PERMISSIONS.review,
    nameOf: (row) => row.senderId,
    approve: (id) => approve.mutateAsync(id),
    reject: (row) => reject.mutateAsync(row),
    rejecting: reject.isPending,
    testIdPrefix: 'sender',
  });
  const removeMany = useDeleteSenders();
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
      ...review.reviewActions(row),
      editAction(t('common.edit'), SENDER_PERMISSIONS.edit, () => form.edit(row), 'sender-edit'),
      review.deleteAction(row, SENDER_PERMISSIONS.delete, (id) => remove.mutateAsync(id)),
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
            <ReviewStatusFilter testId="sender-status-filter" />
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <AddButton permission={SENDER_PERMISSIONS.add} onClick={() => form.add()} testId="sender-add">
              {t('sender.add')}
            </AddButton>
            <ExportButton path={SENDER_EXPORT_PATH} params={params} permission={SENDER_PERMISSIONS.export} />
            {/* An import writes into the caller's own company: staff have none. */}
            {staff ? null : (
              <ImportButton
                permission={SENDER_PERMISSIONS.import}
                title={t('sender.importTitle')}
                path={SENDER_IMPORT_PATH}
                onImported={(count) => {
                  void reload();
                  void message.success(t('common.imported', { count }));
                }}
              />
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
      <SenderFormModal {...form.modal} />
      {review.rejectModal}
    </>
  );
}
