import { type CallerId, callerIdListQuerySchema } from '@switchboard/contracts';
import { Form, Input, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { EnabledFilter } from '@/components/EnabledFilter';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { CALLER_PERMISSIONS, listCallersQuery, useDeleteCaller } from '../api/callers';
import { CallerFormModal } from '../components/CallerFormModal';

/** voice/CallerList (`/caller`): the caller IDs of the companies in the caller's scope. */
export default function CallerListPage() {
  const { t } = useTranslation('caller');
  const deleteRow = useDeleteAction('caller');
  const form = useEntityModal<CallerId>();
  const remove = useDeleteCaller();

  const columns: TableColumnsType<CallerId> = [
    { title: t('fields.number'), dataIndex: 'number', sorter: true },
    { title: t('fields.countryCode'), dataIndex: 'countryCode', sorter: true, responsive: ['md'] },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['md'] },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      sorter: true,
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('enabled') : t('disabled')}</Tag>,
    },
    { title: t('fields.remark'), dataIndex: 'remark', responsive: ['lg'] },
    rowActionsColumn<CallerId>(t('actions'), (record) => [
      editAction(t('edit'), CALLER_PERMISSIONS.edit, () => form.edit(record)),
      deleteRow(CALLER_PERMISSIONS.delete, record.number, () => remove.mutateAsync(record.id)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={callerIdListQuerySchema}
        query={listCallersQuery}
        rowKey="id"
        title={t('title')}
        testId="caller-table"
        columns={columns}
        filters={
          <>
            <Form.Item name="number" label={t('fields.number')}>
              <Input allowClear inputMode="tel" data-testid="caller-search" />
            </Form.Item>
            <EnabledFilter label={t('fields.enabled')} />
          </>
        }
        toolbar={() => (
          <AddButton permission={CALLER_PERMISSIONS.add} onClick={() => form.add()} testId="caller-add">
            {t('add')}
          </AddButton>
        )}
      />
      <CallerFormModal {...form.modal} />
    </>
  );
}
