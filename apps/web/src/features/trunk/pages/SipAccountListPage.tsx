import { PlusOutlined } from '@ant-design/icons';
import { type SipAccount, sipAccountListQuerySchema } from '@switchboard/contracts';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { listSipAccountsQuery, TRUNK_PERMISSIONS, useDeleteSipAccount } from '../api/trunks';
import { SipAccountFormModal } from '../components/SipAccountFormModal';

/** voice/SipAccountList (`/sys/fsAccount`): the SIP accounts trunks register with (administrators). */
export default function SipAccountListPage() {
  const { t } = useTranslation('trunk');
  const confirmDelete = useConfirmDelete();
  const form = useEntityModal<SipAccount>();
  const remove = useDeleteSipAccount();

  const columns: TableColumnsType<SipAccount> = [
    { title: t('sip.username'), dataIndex: 'username', sorter: true },
    { title: t('sip.realm'), dataIndex: 'realm', sorter: true, responsive: ['md'] },
    { title: t('sip.expiresS'), dataIndex: 'expiresS', responsive: ['lg'] },
    { title: t('sip.trunks'), dataIndex: 'trunks' },
    { title: t('fields.remark'), dataIndex: 'remark', responsive: ['lg'] },
    rowActionsColumn<SipAccount>(t('actions'), (record) => [
      {
        key: 'edit',
        label: t('edit'),
        permission: TRUNK_PERMISSIONS.sipEdit,
        onClick: () => form.edit(record),
      },
      {
        key: 'delete',
        label: t('delete'),
        permission: TRUNK_PERMISSIONS.sipDelete,
        danger: true,
        onClick: () =>
          confirmDelete(
            {
              title: t('deleteTitle'),
              content: t('deleteConfirm', { name: record.username }),
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
        params={sipAccountListQuerySchema}
        query={listSipAccountsQuery}
        rowKey="id"
        title={t('sip.title')}
        testId="sip-table"
        columns={columns}
        filters={
          <Form.Item name="username" label={t('sip.username')}>
            <Input allowClear data-testid="sip-search" />
          </Form.Item>
        }
        toolbar={() => (
          <Can action={TRUNK_PERMISSIONS.sipAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => form.add()} data-testid="sip-add">
              {t('add')}
            </Button>
          </Can>
        )}
      />
      <SipAccountFormModal {...form.modal} />
    </>
  );
}
