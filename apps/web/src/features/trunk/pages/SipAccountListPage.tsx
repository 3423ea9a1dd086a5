import { type SipAccount, sipAccountListQuerySchema } from '@switchboard/contracts';
import { Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { listSipAccountsQuery, TRUNK_PERMISSIONS, useDeleteSipAccount } from '../api/trunks';
import { SipAccountFormModal } from '../components/SipAccountFormModal';

/** voice/SipAccountList (`/sys/fsAccount`): the SIP accounts trunks register with (administrators). */
export default function SipAccountListPage() {
  const { t } = useTranslation('trunk');
  const deleteRow = useDeleteAction('trunk');
  const form = useEntityModal<SipAccount>();
  const remove = useDeleteSipAccount();

  const columns: TableColumnsType<SipAccount> = [
    { title: t('sip.username'), dataIndex: 'username', sorter: true },
    { title: t('sip.realm'), dataIndex: 'realm', sorter: true, responsive: ['md'] },
    { title: t('sip.expiresS'), dataIndex: 'expiresS', responsive: ['lg'] },
    { title: t('sip.trunks'), dataIndex: 'trunks' },
    { title: t('fields.remark'), dataIndex: 'remark', responsive: ['lg'] },
    rowActionsColumn<SipAccount>(t('actions'), (record) => [
      editAction(t('edit'), TRUNK_PERMISSIONS.sipEdit, () => form.edit(record)),
      deleteRow(TRUNK_PERMISSIONS.sipDelete, record.username, () => remove.mutateAsync(record.id)),
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
          <AddButton permission={TRUNK_PERMISSIONS.sipAdd} onClick={() => form.add()} testId="sip-add">
            {t('add')}
          </AddButton>
        )}
      />
      <SipAccountFormModal {...form.modal} />
    </>
  );
}
