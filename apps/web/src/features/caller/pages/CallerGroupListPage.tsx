import { type CallerGroup, callerGroupListQuerySchema } from '@switchboard/contracts';
import { Form, Input, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { CALLER_PERMISSIONS, listCallerGroupsQuery, useDeleteCallerGroup } from '../api/callers';
import { CallerGroupFormModal } from '../components/CallerGroupFormModal';

/** voice/CallerGroupList (`/callerGroup`): caller IDs a task rotates through. */
export default function CallerGroupListPage() {
  const { t } = useTranslation('caller');
  const deleteRow = useDeleteAction('caller');
  const form = useEntityModal<CallerGroup>();
  const remove = useDeleteCallerGroup();

  const columns: TableColumnsType<CallerGroup> = [
    { title: t('group.name'), dataIndex: 'name', sorter: true },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['md'] },
    {
      title: t('group.rotation'),
      dataIndex: 'rotation',
      sorter: true,
      responsive: ['sm'],
      render: (v: CallerGroup['rotation']) => t(`group.rotations.${v}`),
    },
    {
      title: t('group.members'),
      key: 'members',
      render: (_: unknown, r) => (
        <span style={{ overflowWrap: 'anywhere' }} data-testid="caller-group-members-cell">
          {r.members.map((m) => m.number).join(', ')}
        </span>
      ),
    },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      responsive: ['lg'],
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('enabled') : t('disabled')}</Tag>,
    },
    rowActionsColumn<CallerGroup>(t('actions'), (record) => [
      editAction(t('edit'), CALLER_PERMISSIONS.groupEdit, () => form.edit(record)),
      deleteRow(CALLER_PERMISSIONS.groupDelete, record.name, () => remove.mutateAsync(record.id)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={callerGroupListQuerySchema}
        query={listCallerGroupsQuery}
        rowKey="id"
        title={t('group.title')}
        testId="caller-group-table"
        columns={columns}
        filters={
          <Form.Item name="name" label={t('group.name')}>
            <Input allowClear />
          </Form.Item>
        }
        toolbar={() => (
          <AddButton
            permission={CALLER_PERMISSIONS.groupAdd}
            onClick={() => form.add()}
            testId="caller-group-add"
          >
            {t('add')}
          </AddButton>
        )}
      />
      <CallerGroupFormModal {...form.modal} />
    </>
  );
}
