import { RATE_GROUP_KINDS, type RateGroup, rateGroupListQuerySchema } from '@switchboard/contracts';
import { App, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { DateTimeText } from '@/components/DateTimeText';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import {
  listRateGroupsQuery,
  RATE_GROUP_EXPORT_PATH,
  useDeleteRateGroup,
  useDeleteRateGroups,
} from '../api/rate-groups';
import { AssignGroupModal } from '../components/AssignGroupModal';
import { CopyGroupModal } from '../components/CopyGroupModal';
import { RATE_PERMS, useRateLabels } from '../components/labels';
import { RateGroupFormModal } from '../components/RateGroupFormModal';

/** rates/RateGroupList: the price lists the caller may see; its own ones it may change and assign. */
export default function RateGroupListPage() {
  const { t } = useTranslation('rates');
  const { message } = App.useApp();
  const labels = useRateLabels();
  const form = useEntityModal<RateGroup>();
  const [copying, setCopying] = useState<RateGroup | null>(null);
  const [assigning, setAssigning] = useState<RateGroup | null>(null);
  const remove = useDeleteRateGroup();
  const removeMany = useDeleteRateGroups();

  return (
    <>
      <ResourceTable
        params={rateGroupListQuerySchema}
        query={listRateGroupsQuery}
        rowKey="id"
        title={t('groupsTitle')}
        testId="rate-group-table"
        selectable
        filters={
          <>
            <Form.Item name="name" label={t('group.name')}>
              <Input allowClear data-testid="filter-name" />
            </Form.Item>
            <Form.Item name="kind" label={t('group.kind')}>
              <Select
                allowClear
                style={{ width: 160 }}
                options={RATE_GROUP_KINDS.map((k) => ({ value: k, label: labels.kind(k) }))}
                data-testid="filter-kind"
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <AddButton permission={RATE_PERMS.groupAdd} onClick={() => form.add()} testId="rate-group-add">
              {t('add')}
            </AddButton>
            <ExportButton path={RATE_GROUP_EXPORT_PATH} params={params} />
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={RATE_PERMS.groupDelete}
              onDelete={(ids) => removeMany.mutateAsync(ids)}
              onDone={clearSelection}
            />
          </>
        )}
        columns={[
          {
            title: t('group.name'),
            dataIndex: 'name',
            sorter: true,
            render: (name: string, record) => (
              <>
                <Link to={`/rates/list?groupId=${record.id}`} data-testid="rate-group-link">
                  <Ellipsis text={name} />
                </Link>
                {record.isDefault ? (
                  <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="rate-group-default-tag">
                    {t('group.default')}
                  </Tag>
                ) : null}
              </>
            ),
          },
          {
            title: t('group.kind'),
            dataIndex: 'kind',
            sorter: true,
            render: (kind: RateGroup['kind']) => <Tag>{labels.kind(kind)}</Tag>,
          },
          {
            title: t('group.owner'),
            dataIndex: 'ownerCompanyName',
            responsive: ['md'],
            render: (name: string | null, record) => (
              <>
                {name ?? t('platform')} {!record.editable && <Tag>{t('readOnly')}</Tag>}
              </>
            ),
          },
          { title: t('group.rateCount'), dataIndex: 'rateCount', align: 'right', sorter: true },
          {
            title: t('group.companyCount'),
            dataIndex: 'companyCount',
            align: 'right',
            sorter: true,
            responsive: ['md'],
          },
          {
            title: t('group.remark'),
            dataIndex: 'remark',
            responsive: ['lg'],
            render: (v: string | null) => <Ellipsis text={v ?? ''} />,
          },
          {
            title: t('updatedAt'),
            dataIndex: 'updatedAt',
            sorter: true,
            responsive: ['lg'],
            render: (v: string) => <DateTimeText value={v} />,
          },
          rowActionsColumn<RateGroup>(t('actions'), (record) => [
            {
              key: 'edit',
              label: t('edit'),
              permission: RATE_PERMS.groupEdit,
              disabled: !record.editable,
              onClick: () => form.edit(record),
            },
            {
              key: 'copy',
              label: t('copy'),
              permission: RATE_PERMS.groupCopy,
              onClick: () => setCopying(record),
              testId: 'rate-group-copy',
            },
            {
              key: 'assign',
              label: t('assign'),
              permission: RATE_PERMS.groupAssign,
              disabled: !record.editable,
              onClick: () => setAssigning(record),
              testId: 'rate-group-assign',
            },
            {
              key: 'delete',
              label: t('delete'),
              permission: RATE_PERMS.groupDelete,
              danger: true,
              disabled: !record.editable,
              confirm: t('deleteGroupConfirm', { name: record.name }),
              onClick: () =>
                remove.mutateAsync(record.id).then(
                  () => void message.success(t('deleted')),
                  () => {},
                ),
            },
          ]),
        ]}
      />
      <RateGroupFormModal {...form.modal} />
      <CopyGroupModal source={copying} onClose={() => setCopying(null)} />
      <AssignGroupModal group={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
