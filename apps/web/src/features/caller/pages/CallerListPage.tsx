import { PlusOutlined } from '@ant-design/icons';
import { type CallerId, callerIdListQuerySchema } from '@switchboard/contracts';
import { Button, Form, Input, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { EnabledFilter } from '@/components/EnabledFilter';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { CALLER_PERMISSIONS, listCallersQuery, useDeleteCaller } from '../api/callers';
import { CallerFormModal } from '../components/CallerFormModal';

/** voice/CallerList (`/caller`): the caller IDs of the companies in the caller's scope. */
export default function CallerListPage() {
  const { t } = useTranslation('caller');
  const confirmDelete = useConfirmDelete();
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
      {
        key: 'edit',
        label: t('edit'),
        permission: CALLER_PERMISSIONS.edit,
        onClick: () => form.edit(record),
      },
      {
        key: 'delete',
        label: t('delete'),
        permission: CALLER_PERMISSIONS.delete,
        danger: true,
        onClick: () =>
          confirmDelete(
            {
              title: t('deleteTitle'),
              content: t('deleteConfirm', { name: record.number }),
              ok: t('delete'),
              cancel: t('cancel'),
              done: t('deleted'),
            },
            () => remove.mutateAsync(record.id),
          ),
      },
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
          <Can action={CALLER_PERMISSIONS.add}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => form.add()}
              data-testid="caller-add"
            >
              {t('add')}
            </Button>
          </Can>
        )}
      />
      <CallerFormModal {...form.modal} />
    </>
  );
}
