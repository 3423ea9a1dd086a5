import { PlusOutlined } from '@ant-design/icons';
import { type Trunk, trunkListQuerySchema } from '@switchboard/contracts';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { EnabledFilter } from '@/components/EnabledFilter';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { listTrunksQuery, TRUNK_PERMISSIONS, useDeleteTrunk, useTrunkStates } from '../api/trunks';
import { TrunkFormModal } from '../components/TrunkFormModal';
import { TrunkStateTag } from '../components/TrunkStateTag';

/** voice/TrunkList: SIP trunks, their settings and live state (administrators). */
export default function TrunkListPage() {
  const { t } = useTranslation('trunk');
  const confirmRemoval = useConfirmDelete();
  const form = useEntityModal<Trunk>();
  const remove = useDeleteTrunk();
  const states = useTrunkStates();

  const confirmDelete = (record: Trunk) =>
    confirmRemoval(
      {
        title: t('deleteTitle'),
        content: t('deleteConfirm', { name: record.name }),
        ok: t('delete'),
        cancel: t('cancel'),
        done: t('deleted'),
      },
      () => remove.mutateAsync(record.id),
    );

  const columns: TableColumnsType<Trunk> = [
    { title: t('fields.name'), dataIndex: 'name', sorter: true },
    {
      title: t('fields.address'),
      dataIndex: 'host',
      sorter: true,
      responsive: ['md'],
      render: (_: string, r) => `${r.transport}:${r.host}:${r.port}`,
      onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    {
      title: t('fields.authMode'),
      dataIndex: 'authMode',
      responsive: ['lg'],
      render: (v: Trunk['authMode'], r) =>
        r.sipUsername ? `${t(`authModes.${v}`)} · ${r.sipUsername}` : t(`authModes.${v}`),
    },
    {
      title: t('fields.codecs'),
      dataIndex: 'codecs',
      responsive: ['xl'],
      render: (v: string[]) => v.join(', '),
    },
    { title: t('fields.maxCalls'), dataIndex: 'maxCalls', sorter: true, responsive: ['lg'] },
    { title: t('fields.cps'), dataIndex: 'cps', sorter: true, responsive: ['xl'] },
    {
      title: t('fields.state'),
      key: 'state',
      render: (_: unknown, r) => <TrunkStateTag state={states.get(r.id)} enabled={r.enabled} />,
    },
    {
      title: t('fields.lastError'),
      key: 'lastError',
      responsive: ['md'],
      render: (_: unknown, r) => (
        <span data-testid="trunk-last-error" style={{ overflowWrap: 'anywhere' }}>
          {states.get(r.id)?.lastError ?? ''}
        </span>
      ),
    },
    rowActionsColumn<Trunk>(t('actions'), (record) => [
      {
        key: 'edit',
        label: t('edit'),
        permission: TRUNK_PERMISSIONS.edit,
        onClick: () => form.edit(record),
      },
      {
        key: 'delete',
        label: t('delete'),
        permission: TRUNK_PERMISSIONS.delete,
        danger: true,
        onClick: () => confirmDelete(record),
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={trunkListQuerySchema}
        query={listTrunksQuery}
        rowKey="id"
        title={t('title')}
        testId="trunk-table"
        columns={columns}
        filters={
          <>
            <Form.Item name="name" label={t('search')}>
              <Input allowClear placeholder={t('searchPlaceholder')} data-testid="trunk-search" />
            </Form.Item>
            <EnabledFilter label={t('fields.enabled')} />
          </>
        }
        toolbar={() => (
          <Can action={TRUNK_PERMISSIONS.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => form.add()} data-testid="trunk-add">
              {t('add')}
            </Button>
          </Can>
        )}
      />
      <TrunkFormModal {...form.modal} />
    </>
  );
}
