import { PlusOutlined } from '@ant-design/icons';
import {
  hasPlatformScope,
  SMS_KINDS,
  SMS_REVIEW_STATUSES,
  type SmsKind,
  type SmsTemplate,
  smsTemplateListQuerySchema,
} from '@switchboard/contracts';
import { App, Button, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { Can } from '@/components/Can';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ImportDialog } from '@/components/ImportDialog';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useSession } from '@/lib/session';
import {
  listTemplatesQuery,
  TEMPLATE_EXPORT_PATH,
  TEMPLATE_IMPORT_PATH,
  useApproveTemplate,
  useDeleteTemplate,
  useDeleteTemplates,
  useRejectTemplate,
  useReloadTemplates,
} from '../api/templates';
import { RejectModal } from '../components/RejectModal';
import { useReviewColumns } from '../components/review-columns';
import { TemplateFormModal } from '../components/TemplateFormModal';

export const TEMPLATE_PERMISSIONS = {
  add: 'sms:template:add',
  edit: 'sms:template:edit',
  delete: 'sms:template:delete',
  export: 'sms:template:export',
  import: 'sms:template:import',
  review: 'sms:template:review',
} as const;

/** sms/TemplateList: a company's SMS templates with their review; reviewers pass or reject them. */
export default function TemplateListPage() {
  const { t } = useTranslation('smsTemplate');
  const reviewColumns = useReviewColumns<SmsTemplate>();
  const { message } = App.useApp();
  const staff = hasPlatformScope(useSession()?.userInfo.roles ?? []);
  const form = useEntityModal<SmsTemplate>();
  const [rejecting, setRejecting] = useState<SmsTemplate | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteTemplate();
  const removeMany = useDeleteTemplates();
  const approve = useApproveTemplate();
  const reject = useRejectTemplate();
  const reload = useReloadTemplates();

  const columns: TableColumnsType<SmsTemplate> = [
    {
      title: t('template.fields.name'),
      dataIndex: 'name',
      sorter: true,
      render: (name: string) => (
        <span data-testid="template-row-name">
          <Ellipsis text={name} />
        </span>
      ),
    },
    {
      title: t('template.fields.kinds'),
      dataIndex: 'kinds',
      responsive: ['md'],
      render: (kinds: SmsKind[]) => kinds.map((k) => <Tag key={k}>{t(`kind.${k}`)}</Tag>),
    },
    {
      title: t('template.fields.text'),
      dataIndex: 'text',
      responsive: ['sm'],
      onCell: () => ({ style: { overflowWrap: 'anywhere', maxWidth: 360 } }),
    },
    ...reviewColumns,
    rowActionsColumn<SmsTemplate>(t('common.actions'), (row) => [
      row.status !== 'passed' && {
        key: 'approve',
        label: t('common.approve'),
        permission: TEMPLATE_PERMISSIONS.review,
        confirm: t('common.approveConfirm', { name: row.name }),
        onClick: () =>
          approve.mutate(row.id, { onSuccess: () => void message.success(t('common.approved')) }),
        testId: 'template-approve',
      },
      row.status !== 'failed' && {
        key: 'reject',
        label: t('common.reject'),
        permission: TEMPLATE_PERMISSIONS.review,
        danger: true,
        onClick: () => setRejecting(row),
        testId: 'template-reject',
      },
      editAction(t('common.edit'), TEMPLATE_PERMISSIONS.edit, () => form.edit(row), 'template-edit'),
      {
        key: 'delete',
        label: t('common.delete'),
        permission: TEMPLATE_PERMISSIONS.delete,
        danger: true,
        confirm: t('common.deleteConfirm', { name: row.name }),
        onClick: () => remove.mutate(row.id, { onSuccess: () => void message.success(t('common.deleted')) }),
        testId: 'template-delete',
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={smsTemplateListQuerySchema}
        query={listTemplatesQuery}
        rowKey="id"
        title={t('template.title')}
        testId="template-table"
        columns={columns}
        selectable
        filters={
          <>
            <Form.Item name="name" label={t('template.search')}>
              <Input allowClear data-testid="template-search" />
            </Form.Item>
            <Form.Item name="status" label={t('common.status')}>
              <Select
                allowClear
                placeholder={t('common.anyStatus')}
                style={{ minWidth: 140 }}
                options={SMS_REVIEW_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                data-testid="template-status-filter"
              />
            </Form.Item>
            <Form.Item name="kind" label={t('template.kindFilter')}>
              <Select
                allowClear
                placeholder={t('template.anyKind')}
                style={{ minWidth: 140 }}
                options={SMS_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <Can action={TEMPLATE_PERMISSIONS.add}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => form.add()}
                data-testid="template-add"
              >
                {t('template.add')}
              </Button>
            </Can>
            <ExportButton
              path={TEMPLATE_EXPORT_PATH}
              params={params}
              permission={TEMPLATE_PERMISSIONS.export}
            />
            {/* An import writes into the caller's own company: staff have none. */}
            {staff ? null : (
              <ImportButton permission={TEMPLATE_PERMISSIONS.import} onClick={() => setImporting(true)} />
            )}
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={TEMPLATE_PERMISSIONS.delete}
              onDelete={(ids) => removeMany.mutateAsync(ids)}
              onDone={clearSelection}
            />
          </>
        )}
      />
      <ImportDialog
        open={importing}
        title={t('template.importTitle')}
        path={TEMPLATE_IMPORT_PATH}
        onClose={() => setImporting(false)}
        onImported={(count) => {
          void reload();
          void message.success(t('common.imported', { count }));
        }}
      />
      <TemplateFormModal {...form.modal} />
      {rejecting ? (
        <RejectModal
          name={rejecting.name}
          saving={reject.isPending}
          onReject={(reason) => reject.mutateAsync({ id: rejecting.id, reason })}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </>
  );
}
