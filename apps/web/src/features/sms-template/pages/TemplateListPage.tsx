import {
  SMS_KINDS,
  type SmsKind,
  type SmsTemplate,
  smsTemplateListQuerySchema,
} from '@switchboard/contracts';
import { App, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useIsStaff } from '@/lib/session';
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
import { ReviewStatusFilter, useReviewActions, useReviewColumns } from '../components/review-columns';
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
  const staff = useIsStaff();
  const form = useEntityModal<SmsTemplate>();
  const remove = useDeleteTemplate();
  const approve = useApproveTemplate();
  const reject = useRejectTemplate();
  const review = useReviewActions<SmsTemplate>({
    permission: TEMPLATE_PERMISSIONS.review,
    nameOf: (row) => row.name,
    approve: (id) => approve.mutateAsync(id),
    reject: (row) => reject.mutateAsync(row),
    rejecting: reject.isPending,
    testIdPrefix: 'template',
  });
  const removeMany = useDeleteTemplates();
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
      ...review.reviewActions(row),
      editAction(t('common.edit'), TEMPLATE_PERMISSIONS.edit, () => form.edit(row), 'template-edit'),
      review.deleteAction(row, TEMPLATE_PERMISSIONS.delete, (id) => remove.mutateAsync(id)),
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
            <ReviewStatusFilter testId="template-status-filter" />
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
            <AddButton permission={TEMPLATE_PERMISSIONS.add} onClick={() => form.add()} testId="template-add">
              {t('template.add')}
            </AddButton>
            <ExportButton
              path={TEMPLATE_EXPORT_PATH}
              params={params}
              permission={TEMPLATE_PERMISSIONS.export}
            />
            {/* An import writes into the caller's own company: staff have none. */}
            {staff ? null : (
              <ImportButton
                permission={TEMPLATE_PERMISSIONS.import}
                title={t('template.importTitle')}
                path={TEMPLATE_IMPORT_PATH}
                onImported={(count) => {
                  void reload();
                  void message.success(t('common.imported', { count }));
                }}
              />
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
      <TemplateFormModal {...form.modal} />
      {review.rejectModal}
    </>
  );
}
