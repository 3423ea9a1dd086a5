import { type SmppAccountRecord, smppAccountListQuerySchema } from '@switchboard/contracts';
import { Form, Input, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { EnabledFilter } from '@/components/EnabledFilter';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import {
  listSmppAccountsQuery,
  SMPP_ACCOUNT_EXPORT_PATH,
  useDeleteSmppAccount,
  useDeleteSmppAccounts,
} from '../api/smpp-accounts';
import { SmppAccountFormModal } from '../components/SmppAccountFormModal';

export const SMPP_ACCOUNT_PERMISSIONS = {
  add: 'system:smppAccount:add',
  edit: 'system:smppAccount:edit',
  delete: 'system:smppAccount:delete',
  export: 'system:smppAccount:export',
} as const;

/** system/SmppAccountList: customers' accounts on the platform's SMPP server (staff). */
export default function SmppAccountListPage() {
  const { t } = useTranslation(['smppAccount', 'common']);
  const deleteRow = useDeleteAction('smppAccount');
  const form = useEntityModal<SmppAccountRecord>();
  const remove = useDeleteSmppAccount();
  const removeMany = useDeleteSmppAccounts();

  const columns: TableColumnsType<SmppAccountRecord> = [
    { title: t('fields.systemId'), dataIndex: 'systemId', sorter: true },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['sm'] },
    {
      title: t('fields.kind'),
      dataIndex: 'kind',
      responsive: ['md'],
      render: (kind: SmppAccountRecord['kind']) => t(`kinds.${kind}`),
    },
    {
      title: t('fields.allowedAddresses'),
      dataIndex: 'allowedAddresses',
      responsive: ['lg'],
      render: (list: string[]) => (list.length ? list.join(', ') : t('anyAddress')),
      onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    { title: t('fields.tpsLimit'), dataIndex: 'tpsLimit', sorter: true, responsive: ['md'] },
    {
      title: t('bindsColumn'),
      dataIndex: 'maxBinds',
      sorter: true,
      responsive: ['md'],
      render: (max: number, record) => `${record.boundNow} / ${max}`,
    },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      sorter: true,
      render: (value: boolean) =>
        value ? <Tag color="green">{t('enabled')}</Tag> : <Tag>{t('disabled')}</Tag>,
    },
    rowActionsColumn<SmppAccountRecord>(t('actions'), (record) => [
      editAction(t('edit'), SMPP_ACCOUNT_PERMISSIONS.edit, () => form.edit(record)),
      deleteRow(SMPP_ACCOUNT_PERMISSIONS.delete, record.systemId, () => remove.mutateAsync(record.id)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={smppAccountListQuerySchema}
        query={listSmppAccountsQuery}
        rowKey="id"
        title={t('title')}
        testId="smpp-account-table"
        columns={columns}
        selectable
        filters={
          <>
            <Form.Item name="systemId" label={t('fields.systemId')}>
              <Input allowClear data-testid="smpp-account-search" />
            </Form.Item>
            <EnabledFilter label={t('fields.enabled')} />
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <AddButton
              permission={SMPP_ACCOUNT_PERMISSIONS.add}
              onClick={() => form.add()}
              testId="smpp-account-add"
            >
              {t('add')}
            </AddButton>
            <ExportButton
              path={SMPP_ACCOUNT_EXPORT_PATH}
              params={params}
              permission={SMPP_ACCOUNT_PERMISSIONS.export}
            />
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={SMPP_ACCOUNT_PERMISSIONS.delete}
              onDelete={(ids) => removeMany.mutateAsync(ids)}
              onDone={clearSelection}
            />
          </>
        )}
      />
      <SmppAccountFormModal {...form.modal} />
    </>
  );
}
