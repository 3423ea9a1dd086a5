import { type IvrFlow, ivrFlowListQuerySchema } from '@switchboard/contracts';
import { App, Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { formatDateTime } from '@/lib/format';
import { listIvrFlowsQuery, useDeleteFlow } from '../api/flows';
import { FlowFormModal } from '../components/FlowFormModal';

export const IVR_FLOW_PERMISSIONS = {
  add: 'voip:ivrFlow:add',
  edit: 'voip:ivrFlow:edit',
  delete: 'voip:ivrFlow:delete',
} as const;

/** voip/IvrFlowList: IVR flows ("IVR queues and timings"), each a small tree of prompts and keys. */
export default function IvrFlowListPage() {
  const { t } = useTranslation('ivr');
  const { message } = App.useApp();
  const form = useEntityModal<IvrFlow>();
  const remove = useDeleteFlow();

  const columns: TableColumnsType<IvrFlow> = [
    {
      title: t('flows.fields.name'),
      dataIndex: 'name',
      sorter: true,
      render: (v: string) => <span data-testid="ivr-flow-row-name">{v}</span>,
    },
    {
      title: t('flows.fields.nodes'),
      key: 'nodes',
      // Node ids are the author's codes (a key press leads to one): shown as code.
      render: (_: unknown, row) => <code>{row.nodes.map((n) => n.id).join(', ')}</code>,
    },
    { title: t('flows.fields.remark'), dataIndex: 'remark', responsive: ['md'] },
    { title: t('files.fields.company'), dataIndex: 'companyName', responsive: ['lg'] },
    {
      title: t('flows.fields.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      responsive: ['lg'],
      render: (v: string) => formatDateTime(v),
    },
    rowActionsColumn<IvrFlow>(t('common.actions'), (row) => [
      {
        key: 'edit',
        label: t('common.edit'),
        permission: IVR_FLOW_PERMISSIONS.edit,
        onClick: () => form.edit(row),
        testId: 'ivr-flow-edit',
      },
      {
        key: 'delete',
        label: t('common.delete'),
        permission: IVR_FLOW_PERMISSIONS.delete,
        danger: true,
        confirm: t('common.deleteConfirm', { name: row.name }),
        onClick: () =>
          remove.mutate(String(row.id), { onSuccess: () => void message.success(t('common.deleted')) }),
        testId: 'ivr-flow-delete',
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={ivrFlowListQuerySchema}
        query={listIvrFlowsQuery}
        rowKey="id"
        title={t('flows.title')}
        testId="ivr-flow-table"
        columns={columns}
        filters={
          <Form.Item name="name" label={t('flows.fields.name')}>
            <Input allowClear data-testid="ivr-flow-search" />
          </Form.Item>
        }
        toolbar={() => (
          <AddButton permission={IVR_FLOW_PERMISSIONS.add} onClick={() => form.add()} testId="ivr-flow-add">
            {t('flows.add')}
          </AddButton>
        )}
      />
      <FlowFormModal {...form.modal} />
    </>
  );
}
