import { SEAT_STATES, type Seat, seatListQuerySchema } from '@switchboard/contracts';
import { Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import {
  listSeatsQuery,
  CALL_CENTRE_PERMISSIONS as P,
  useDeleteSeat,
  useSeatStates,
} from '../api/call-centre';
import { SeatFormModal } from '../components/SeatFormModal';
import { SeatStateTag } from '../components/SeatStateTag';

/** callCentre/SeatList (`/seat`): seats with their live state (registered and idle, or offline). */
export default function SeatListPage() {
  const { t } = useTranslation('callCentre');
  const deleteRow = useDeleteAction('callCentre');
  const form = useEntityModal<Seat>();
  const remove = useDeleteSeat();
  const states = useSeatStates();

  const columns: TableColumnsType<Seat> = [
    { title: t('seat.jobNumber'), dataIndex: 'jobNumber', sorter: true },
    { title: t('seat.name'), dataIndex: 'name', sorter: true },
    {
      title: t('seat.state'),
      key: 'state',
      render: (_: unknown, r) => <SeatStateTag live={states.get(r.id)} fallback={r.state} />,
    },
    { title: t('seat.sipUsername'), dataIndex: 'sipUsername', responsive: ['sm'] },
    {
      title: t('seat.user'),
      dataIndex: 'userName',
      responsive: ['md'],
      render: (v: string | null) => v ?? '',
    },
    {
      title: t('seat.groups'),
      key: 'groups',
      responsive: ['md'],
      render: (_: unknown, r) => r.groups.map((g) => g.name).join(', '),
    },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['lg'] },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      responsive: ['lg'],
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('enabled') : t('disabled')}</Tag>,
    },
    rowActionsColumn<Seat>(t('actions'), (record) => [
      editAction(t('edit'), P.seatEdit, () => form.edit(record)),
      deleteRow(P.seatDelete, `${record.jobNumber} ${record.name}`, () => remove.mutateAsync(record.id)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={seatListQuerySchema}
        query={listSeatsQuery}
        rowKey="id"
        title={t('seat.title')}
        testId="seat-table"
        columns={columns}
        filters={
          <>
            <Form.Item name="keyword" label={t('seat.keyword')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="state" label={t('seat.state')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                options={SEAT_STATES.map((s) => ({ value: s, label: t(`seat.states.${s}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={() => (
          <AddButton permission={P.seatAdd} onClick={() => form.add()} testId="seat-add">
            {t('add')}
          </AddButton>
        )}
      />
      <SeatFormModal {...form.modal} />
    </>
  );
}
