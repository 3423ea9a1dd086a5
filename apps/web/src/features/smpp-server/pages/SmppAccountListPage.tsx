import { PlusOutlined } from '@ant-design/icons';
import { type SmppAccountRecord, smppAccountListQuerySchema } from '@switchboard/contracts';
import { App, Button, Form, Input, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { Can } from '@/components/Can';
import { EnabledFilter } from '@/components/EnabledFilter';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
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
  const { modal, message } = App.useApp();
  const [form, setForm] = useState<{ open: boolean; editing: SmppAccountRecord | null }>({
    open: false,
    editing: null,
  });
  const remove = useDeleteSmppAccount();
  const removeMany = useDeleteSmppAccounts();

  const confirmDelete = (record: SmppAccountRecord) =>
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm', { systemId: record.systemId }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        remove.mutateAsync(record.id).then(
          () => void message.success(t('deleted')),
          () => {},
        ),
    });

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
      {
        key: 'edit',
        label: t('edit'),
        permission: SMPP_ACCOUNT_PERMISSIONS.edit,
        onClick: () => setForm({ open: true, editing: record }),
      },
      {
        key: 'delete',
        label: t('delete'),
        permission: SMPP_ACCOUNT_PERMISSIONS.delete,
        danger: true,
        onClick: () => confirmDelete(record),
      },
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
            <Can action={SMPP_ACCOUNT_PERMISSIONS.add}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setForm({ open: true, editing: null })}
                data-testid="smpp-account-add"
              >
                {t('add')}
              </Button>
            </Can>
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
      <SmppAccountFormModal
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
    </>
  );
}
