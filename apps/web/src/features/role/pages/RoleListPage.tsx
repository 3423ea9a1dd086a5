import { type RoleRecord, roleListQuerySchema } from '@switchboard/contracts';
import { Form, Input, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { bilingualNameColumns, dateTimeColumn } from '@/components/columns';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { formatNumber } from '@/lib/format';
import { listRolesQuery, useDeleteRole } from '../api/roles';
import { RoleAuthDrawer } from '../components/RoleAuthDrawer';
import { RoleFormModal } from '../components/RoleFormModal';
import { RoleUsersDrawer } from '../components/RoleUsersDrawer';
import { ROLE_PERMISSIONS } from '../permissions';

/** system/RoleList: roles; each one's menu and button grants, data rules and users in drawers. */
export default function RoleListPage() {
  const { t, i18n } = useTranslation('role');
  const deleteRow = useDeleteAction('role');
  const form = useEntityModal<RoleRecord>();
  const [authorizing, setAuthorizing] = useState<RoleRecord | null>(null);
  const [usersOf, setUsersOf] = useState<RoleRecord | null>(null);
  const remove = useDeleteRole();
  const zh = i18n.language === 'zh-CN';

  const columns: TableColumnsType<RoleRecord> = [
    {
      title: t('fields.roleCode'),
      dataIndex: 'roleCode',
      sorter: true,
      render: (code: string, role) => (
        <>
          <code data-testid="role-code">{code}</code>{' '}
          {role.builtIn ? (
            <Tooltip title={t('builtInHint')}>
              <Tag>{t('builtIn')}</Tag>
            </Tooltip>
          ) : null}
        </>
      ),
    },
    ...bilingualNameColumns<RoleRecord>(
      zh,
      {
        en: { dataIndex: 'roleName', title: t('fields.roleName') },
        zh: { dataIndex: 'roleNameZh', title: t('fields.roleNameZh') },
      },
      { sortBoth: false, secondFrom: 'lg' },
    ),
    { title: t('fields.description'), dataIndex: 'description', responsive: ['xl'] },
    {
      title: t('fields.userCount'),
      dataIndex: 'userCount',
      sorter: true,
      align: 'right',
      render: (n: number) => formatNumber(n),
    },
    dateTimeColumn<RoleRecord>(t('fields.createdAt'), 'createdAt'),
    rowActionsColumn<RoleRecord>(t('actions'), (role) => [
      {
        key: 'authorize',
        label: t('authorize'),
        permission: ROLE_PERMISSIONS.authorize,
        onClick: () => setAuthorizing(role),
        testId: `role-authorize-${role.roleCode}`,
      },
      {
        key: 'users',
        label: t('users'),
        permission: ROLE_PERMISSIONS.users,
        onClick: () => setUsersOf(role),
        testId: `role-users-${role.roleCode}`,
      },
      editAction(t('edit'), ROLE_PERMISSIONS.edit, () => form.edit(role), `role-edit-${role.roleCode}`),
      !role.builtIn &&
        deleteRow(
          ROLE_PERMISSIONS.delete,
          role.roleCode,
          () => remove.mutateAsync(role.id),
          `role-delete-${role.roleCode}`,
        ),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={roleListQuerySchema}
        query={listRolesQuery}
        rowKey="id"
        title={t('title')}
        testId="role-table"
        columns={columns}
        filters={
          <>
            <Form.Item name="roleName" label={t('filters.roleName')}>
              <Input allowClear maxLength={64} data-testid="role-filter-name" />
            </Form.Item>
            <Form.Item name="roleCode" label={t('filters.roleCode')}>
              <Input allowClear maxLength={64} data-testid="role-filter-code" />
            </Form.Item>
          </>
        }
        toolbar={() => (
          <AddButton permission={ROLE_PERMISSIONS.add} onClick={() => form.add()} testId="role-add">
            {t('add')}
          </AddButton>
        )}
      />
      <RoleFormModal {...form.modal} />
      <RoleAuthDrawer role={authorizing} onClose={() => setAuthorizing(null)} />
      <RoleUsersDrawer role={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}
