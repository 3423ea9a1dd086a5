import { SEARCH_TEXT_MAX_LENGTH, type UserListItem, userListQuerySchema } from '@switchboard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { Can } from '@/components/Can';
import { DateTimeText } from '@/components/DateTimeText';
import { DictTag, useDict } from '@/components/dict';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { ImportButton } from '@/components/ImportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useLocale } from '@/lib/i18n';
import { listUsersQuery, userListKey } from '../api/list-users';
import {
  USER_EXPORT_PATH,
  USER_IMPORT_PATH,
  useFreezeUsers,
  useResetGoogleAuth,
  useSetIpWhitelist,
} from '../api/users';
import { UserFormModal } from '../components/UserFormModal';
import { UserPasswordModal } from '../components/UserPasswordModal';

export const USER_PERMISSIONS = {
  add: 'system:user:add',
  edit: 'system:user:edit',
  password: 'system:user:password',
  export: 'system:user:export',
  import: 'system:user:import',
} as const;

const FROZEN = 2;
const NORMAL = 1;

function IpWhitelistModal({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const save = useSetIpWhitelist();
  const [rules, setRules] = useState<string[]>(user.ipWhitelist ?? []);
  return (
    <Modal
      open
      title={t('user.ipWhitelistTitle', { username: user.username })}
      onCancel={onClose}
      okText={t('table.save')}
      confirmLoading={save.isPending}
      onOk={() =>
        save.mutate(
          { userId: user.id, rules },
          {
            onSuccess: () => {
              void message.success(t('table.saved'));
              onClose();
            },
          },
        )
      }
      data-testid="ip-whitelist-modal"
    >
      <Alert type="info" showIcon title={t('user.ipWhitelistHint')} style={{ marginBottom: 12 }} />
      <Select
        mode="tags"
        value={rules}
        onChange={setRules}
        style={{ width: '100%' }}
        tokenSeparators={[',', ' ']}
        open={false}
        placeholder={t('user.ipWhitelistPlaceholder')}
        data-testid="ip-whitelist-input"
      />
    </Modal>
  );
}

export default function UserListPage() {
  const { t } = useTranslation(['system', 'menu', 'common']);
  const { message } = App.useApp();
  const statuses = useDict('user_status');
  const freeze = useFreezeUsers();
  const resetGoogle = useResetGoogleAuth();
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [form, setForm] = useState<{ open: boolean; user: UserListItem | null }>({ open: false, user: null });
  const [password, setPassword] = useState<UserListItem | null>(null);
  const queryClient = useQueryClient();
  const locale = useLocale();

  const setStatus = (ids: string[], status: 1 | 2, done?: () => void) =>
    freeze.mutate(
      { ids, status },
      {
        onSuccess: () => {
          void message.success(status === FROZEN ? t('user.frozen') : t('user.thawed'));
          done?.();
        },
      },
    );

  return (
    <>
      <ResourceTable
        params={userListQuerySchema}
        query={listUsersQuery}
        rowKey="id"
        title={t('menu:systemUser')}
        testId="user-table"
        selectable
        filters={
          <>
            <Form.Item name="keyword" label={t('user.keyword')}>
              <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} data-testid="filter-keyword" />
            </Form.Item>
            <Form.Item name="username" label={t('user.username')}>
              <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} data-testid="filter-username" />
            </Form.Item>
            <Form.Item name="realname" label={t('user.realname')}>
              <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} data-testid="filter-realname" />
            </Form.Item>
            <Form.Item name="status" label={t('user.status')}>
              <Select
                allowClear
                options={statuses.options}
                style={{ width: 120 }}
                data-testid="filter-status"
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <Flex gap={8} wrap>
            <AddButton
              permission={USER_PERMISSIONS.add}
              onClick={() => setForm({ open: true, user: null })}
              testId="user-add"
            >
              {t('user.add')}
            </AddButton>
            <ExportButton path={USER_EXPORT_PATH} params={params} permission={USER_PERMISSIONS.export} />
            <ImportButton
              permission={USER_PERMISSIONS.import}
              title={t('user.importTitle')}
              path={USER_IMPORT_PATH}
              onImported={(count) => {
                void queryClient.invalidateQueries({ queryKey: userListKey });
                void message.success(t('user.imported', { count }));
              }}
            />
            <Can action="system:user:frozen">
              <Button
                disabled={selectedKeys.length === 0}
                onClick={() => setStatus(selectedKeys.map(String), FROZEN, clearSelection)}
                data-testid="batch-freeze"
              >
                {t('user.freezeSelected')}
              </Button>
              <Button
                disabled={selectedKeys.length === 0}
                onClick={() => setStatus(selectedKeys.map(String), NORMAL, clearSelection)}
                data-testid="batch-thaw"
              >
                {t('user.thawSelected')}
              </Button>
            </Can>
          </Flex>
        )}
        columns={[
          {
            title: t('user.username'),
            dataIndex: 'username',
            sorter: true,
            render: (v: string) => <span data-testid="user-username">{v}</span>,
          },
          {
            title: t('user.realname'),
            dataIndex: 'realname',
            responsive: ['md'],
            render: (v: string) => <Ellipsis text={v} />,
          },
          {
            title: t('user.company'),
            dataIndex: 'companyName',
            responsive: ['md'],
            render: (v: string | null) => <Ellipsis text={v} />,
          },
          {
            title: t('user.departs'),
            dataIndex: 'departs',
            // Wide screens only: at 1440 px the row's actions need the room.
            responsive: ['xxl'],
            render: (departs: UserListItem['departs']) =>
              departs.map((d) => (
                <Tag key={d.id} data-testid="user-depart">
                  {locale === 'zh-CN' ? (d.nameZh ?? d.name) : d.name}
                </Tag>
              )),
          },
          {
            title: t('user.roles'),
            dataIndex: 'roles',
            responsive: ['md'],
            render: (roles: string[]) =>
              roles.map((role) => (
                <Tag key={role}>
                  {t(`common:roles.${role}` as 'common:roles.admin', { defaultValue: role })}
                </Tag>
              )),
          },
          {
            title: t('user.status'),
            dataIndex: 'status',
            render: (status: number, user: UserListItem) => (
              <Flex gap={4} wrap>
                <span data-testid="user-status">
                  <DictTag code="user_status" value={status} colors={{ '1': 'green', '2': 'red' }} />
                </span>
                {user.hideHeaderItems ? (
                  <Tag data-testid="user-header-items-hidden">{t('user.hiddenHeaderItems')}</Tag>
                ) : null}
              </Flex>
            ),
          },
          {
            title: t('user.googleAuth'),
            dataIndex: 'googleAuthBound',
            responsive: ['md'],
            render: (bound: boolean) => (bound ? t('common:yes') : t('common:no')),
          },
          {
            title: t('common.createdAt'),
            dataIndex: 'createdAt',
            render: (v: string) => <DateTimeText value={v} />,
          },
          rowActionsColumn<UserListItem>(t('table.actions'), (user) => [
            user.status === FROZEN
              ? {
                  key: 'thaw',
                  label: t('user.thaw'),
                  permission: 'system:user:frozen',
                  onClick: () => setStatus([user.id], NORMAL),
                  testId: 'user-thaw',
                }
              : {
                  key: 'freeze',
                  label: t('user.freeze'),
                  permission: 'system:user:frozen',
                  danger: true,
                  confirm: t('user.freezeConfirm', { username: user.username }),
                  onClick: () => setStatus([user.id], FROZEN),
                  testId: 'user-freeze',
                },
            {
              key: 'resetGoogle',
              label: t('user.resetGoogle'),
              permission: 'system:user:resetGoogle',
              disabled: !user.googleAuthBound,
              confirm: t('user.resetGoogleConfirm', { username: user.username }),
              onClick: () =>
                resetGoogle.mutate(
                  { userId: user.id },
                  { onSuccess: () => void message.success(t('user.resetGoogleDone')) },
                ),
              testId: 'user-reset-google',
            },
            editAction(t('user.edit'), 'system:user:edit', () => setForm({ open: true, user }), 'user-edit'),
            {
              key: 'ipWhitelist',
              label: t('user.ipWhitelist'),
              permission: 'system:user:ipWhitelist',
              onClick: () => setEditing(user),
              testId: 'user-ip-whitelist',
            },
            {
              key: 'password',
              label: t('user.setPassword'),
              permission: USER_PERMISSIONS.password,
              onClick: () => setPassword(user),
              testId: 'user-password',
            },
          ]),
        ]}
      />
      {editing ? <IpWhitelistModal user={editing} onClose={() => setEditing(null)} /> : null}
      {/* Mounted while open only: the list stays light (the form loads roles, departments, companies). */}
      {form.open ? (
        <UserFormModal open editing={form.user} onClose={() => setForm({ open: false, user: null })} />
      ) : null}
      {password ? <UserPasswordModal user={password} onClose={() => setPassword(null)} /> : null}
    </>
  );
}
