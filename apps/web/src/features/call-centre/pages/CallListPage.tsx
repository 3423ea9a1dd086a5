import { type CallList, callListListQuerySchema } from '@switchboard/contracts';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { DateTimeText } from '@/components/DateTimeText';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { formatNumber } from '@/lib/format';
import { listCallListsQuery, CALL_CENTRE_PERMISSIONS as P, useDeleteCallList } from '../api/call-centre';
import { CallListDrawer } from '../components/CallListDrawer';
import { CallListFormModal } from '../components/CallListFormModal';

/** callCentre/CallList (`/callList`): lists of numbers to call, with their own columns and states. */
export default function CallListPage() {
  const { t } = useTranslation('callCentre');
  const deleteRow = useDeleteAction('callCentre');
  const form = useEntityModal<CallList>();
  const remove = useDeleteCallList();
  const [open, setOpen] = useState<string | null>(null);

  const columns: TableColumnsType<CallList> = [
    {
      title: t('list.name'),
      dataIndex: 'name',
      sorter: true,
      render: (v: string, r) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(r.id)} data-testid="call-list-open">
          {v}
        </Button>
      ),
    },
    { title: t('list.total'), dataIndex: 'total', sorter: true, render: (v: number) => formatNumber(v) },
    {
      title: t('list.states.not_called'),
      key: 'notCalled',
      responsive: ['sm'],
      render: (_: unknown, r) => formatNumber(r.counts.not_called),
    },
    {
      title: t('list.states.complete'),
      key: 'complete',
      responsive: ['md'],
      render: (_: unknown, r) => formatNumber(r.counts.complete),
    },
    {
      title: t('list.states.waiting_redial'),
      key: 'waitingRedial',
      responsive: ['md'],
      render: (_: unknown, r) => formatNumber(r.counts.waiting_redial),
    },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['lg'] },
    {
      title: t('fields.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      responsive: ['lg'],
      render: (v: string) => <DateTimeText value={v} />,
    },
    rowActionsColumn<CallList>(t('actions'), (record) => [
      editAction(t('edit'), P.listEdit, () => form.edit(record)),
      deleteRow(P.listDelete, record.name, () => remove.mutateAsync(record.id)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={callListListQuerySchema}
        query={listCallListsQuery}
        rowKey="id"
        title={t('list.title')}
        testId="call-list-table"
        columns={columns}
        filters={
          <Form.Item name="name" label={t('list.name')}>
            <Input allowClear />
          </Form.Item>
        }
        toolbar={() => (
          <AddButton permission={P.listAdd} onClick={() => form.add()} testId="call-list-add">
            {t('add')}
          </AddButton>
        )}
      />
      <CallListFormModal {...form.modal} />
      <CallListDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
