import { type Trunk, trunkListQuerySchema } from '@switchboard/contracts';
import { Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { ConnectionErrorText } from '@/components/ConnectionErrorText';
import { EnabledFilter } from '@/components/EnabledFilter';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { listTrunksQuery, TRUNK_PERMISSIONS, useDeleteTrunk, useTrunkStates } from '../api/trunks';
import { TrunkFormModal } from '../components/TrunkFormModal';
import { TrunkStateTag } from '../components/TrunkStateTag';

/** voice/TrunkList: SIP trunks, their settings and live state (administrators). */
export default function TrunkListPage() {
  const { t } = useTranslation('trunk');
  const deleteRow = useDeleteAction('trunk');
  const form = useEntityModal<Trunk>();
  const remove = useDeleteTrunk();
  const states = useTrunkStates();

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
        <ConnectionErrorText detail={states.get(r.id)?.lastError} testId="trunk-last-error" />
      ),
    },
    rowActionsColumn<Trunk>(t('actions'), (record) => [
      editAction(t('edit'), TRUNK_PERMISSIONS.edit, () => form.edit(record)),
      deleteRow(TRUNK_PERMISSIONS.delete, record.name, () => remove.mutateAsync(record.id)),
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
          <AddButton permission={TRUNK_PERMISSIONS.add} onClick={() => form.add()} testId="trunk-add">
            {t('add')}
          </AddButton>
        )}
      />
      <TrunkFormModal {...form.modal} />
    </>
  );
}
