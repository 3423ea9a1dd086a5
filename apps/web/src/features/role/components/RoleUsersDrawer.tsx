import type { RoleRecord, RoleUser } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { rowActionsColumn } from '@/components/RowActions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { roleUsersQuery, useAddRoleUsers, useRemoveRoleUsers, userSearchQuery } from '../api/roles';

const PAGE_SIZE = 20;

/** The users holding a role: find and add users, remove one or the selected ones. */
export function RoleUsersDrawer({ role, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('role');
  const { modal, message } = App.useApp();
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const [username, setUsername] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [toAdd, setToAdd] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const debouncedName = useDebouncedValue(username, 300);
  const debouncedSearch = useDebouncedValue(search, 300);
  const params = {
    roleId: role?.id ?? '',
    pageNo,
    pageSize: PAGE_SIZE,
    ...(debouncedName.trim() ? { username: debouncedName.trim() } : {}),
  };
  const users = useQuery({ ...roleUsersQuery(params), enabled: role !== null });
  const candidates = useQuery({ ...userSearchQuery(debouncedSearch.trim()), enabled: role !== null });
  const add = useAddRoleUsers();
  const remove = useRemoveRoleUsers();
  const zh = i18n.language === 'zh-CN';

  const removeUsers = (ids: string[]) => {
    if (!role) return Promise.resolve();
    return remove.mutateAsync({ roleId: role.id, userIds: ids }).then(
      ({ count }) => {
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        void message.success(t('members.removed', { count }));
      },
      () => {},
    );
  };

  const columns: TableColumnsType<RoleUser> = [
    {
      title: t('members.fields.username'),
      dataIndex: 'username',
      render: (v: string) => <span data-testid="role-user-username">{v}</span>,
    },
    { title: t('members.fields.realname'), dataIndex: 'realname' },
    {
      title: t('members.fields.status'),
      dataIndex: 'status',
      render: (s: number) => (
        <Tag color={s === 1 ? 'green' : 'default'}>
          {t(s === 1 ? 'members.status.1' : 'members.status.2')}
        </Tag>
      ),
    },
    rowActionsColumn<RoleUser>(t('actions'), (user) => [
      {
        key: 'remove',
        label: t('members.remove'),
        danger: true,
        testId: `role-user-remove-${user.username}`,
        onClick: () =>
          modal.confirm({
            content: t('members.removeConfirm', { name: user.username }),
            okText: t('members.remove'),
            okButtonProps: { danger: true },
            cancelText: t('cancel'),
            onOk: () => removeUsers([user.id]),
          }),
      },
    ]),
  ];

  return (
    <Drawer
      open={role !== null}
      onClose={() => {
        setSelected([]);
        setToAdd([]);
        setUsername('');
        setPageNo(1);
        onClose();
      }}
      title={
        role
          ? t('members.drawerTitle', { name: zh ? role.roleNameZh : role.roleName, code: role.roleCode })
          : ''
      }
      width={mobile ? '100%' : 720}
      data-testid="role-users-drawer"
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          mode="multiple"
          style={{ flex: 1, minWidth: 240 }}
          value={toAdd}
          onChange={setToAdd}
          showSearch={{ filterOption: false, onSearch: setSearch }}
          loading={candidates.isFetching}
          placeholder={t('members.pick')}
          notFoundContent={candidates.isFetching ? undefined : t('members.noUsers')}
          options={(candidates.data?.records ?? []).map((u) => ({
            value: u.id,
            label: `${u.username} (${u.realname})`,
          }))}
          data-testid="role-user-pick"
        />
        <Button
          type="primary"
          disabled={toAdd.length === 0 || !role}
          loading={add.isPending}
          onClick={() =>
            role &&
            add.mutate(
              { roleId: role.id, userIds: toAdd },
              {
                onSuccess: ({ count }) => {
                  setToAdd([]);
                  void message.success(t('members.added', { count }));
                },
              },
            )
          }
          data-testid="role-user-add"
        >
          {t('members.add')}
        </Button>
      </Flex>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 8 }}>
        <Input
          allowClear
          maxLength={64}
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setPageNo(1);
          }}
          placeholder={t('members.search')}
          style={{ maxWidth: 280 }}
          data-testid="role-user-search"
        />
        <Button
          danger
          disabled={selected.length === 0}
          loading={remove.isPending}
          onClick={() => void removeUsers(selected)}
          data-testid="role-user-remove-selected"
        >
          {t('members.removeSelected')}
        </Button>
      </Flex>
      <DataTable<RoleUser>
        size="small"
        rowKey="id"
        loading={users.isPending}
        dataSource={users.data?.records ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: users.data?.total ?? 0,
          onChange: setPageNo,
          showSizeChanger: false,
        }}
        data-testid="role-users-table"
      />
    </Drawer>
  );
}
