import { type SeatGroup, seatGroupListQuerySchema } from '@switchboard/contracts';
import { Form, Input, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { listSeatGroupsQuery, CALL_CENTRE_PERMISSIONS as P, useDeleteSeatGroup } from '../api/call-centre';
import { SeatGroupFormModal } from '../components/SeatGroupFormModal';

/** callCentre/SeatGroupList (`/seatGroup`): seats sharing calls by a distribution rule. */
export default function SeatGroupListPage() {
  const { t } = useTranslation('callCentre');
  const deleteRow = useDeleteAction('callCentre');
  const form = useEntityModal<SeatGroup>();
  const remove = useDeleteSeatGroup();

  const columns: TableColumnsType<SeatGroup> = [
    { title: t('group.name'), dataIndex: 'name', sorter: true },
    {
      title: t('group.distribution'),
      dataIndex: 'distribution',
      sorter: true,
      responsive: ['sm'],
      render: (v: SeatGroup['distribution']) => t(`group.distributions.${v}`),
    },
    { title: t('group.wrapUpS'), dataIndex: 'wrapUpS', sorter: true, responsive: ['md'] },
    {
      title: t('group.seats'),
      key: 'seats',
      render: (_: unknown, r) => (
        <span style={{ overflowWrap: 'anywhere' }} data-testid="seat-group-seats-cell">
          {r.seats.map((s) => `${s.jobNumber} ${s.name}`).join(', ')}
        </span>
      ),
    },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['lg'] },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      responsive: ['lg'],
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('enabled') : t('disabled')}</Tag>,
    },
    rowActionsColumn<SeatGroup>(t('actions'), (record) => [
      editAction(t('edit'), P.groupEdit, () => form.edit(record)),
      deleteRow(P.groupDelete, record.name, () => remove.mutateAsync(record.id)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={seatGroupListQuerySchema}
        query={listSeatGroupsQuery}
        rowKey="id"
        title={t('group.title')}
        testId="seat-group-table"
        columns={columns}
        filters={
          <Form.Item name="name" label={t('group.name')}>
            <Input allowClear />
          </Form.Item>
        }
        toolbar={() => (
          <AddButton permission={P.groupAdd} onClick={() => form.add()} testId="seat-group-add">
            {t('add')}
          </AddButton>
        )}
      />
      <SeatGroupFormModal {...form.modal} />
    </>
  );
}
