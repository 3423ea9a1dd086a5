import { SEARCH_TEXT_MAX_LENGTH, type UserListItem, userListQuerySchema } from '@switchboard/contracts';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DateTimeText } from '@/components/DateTimeText';
import { DictTag, useDict } from '@/components/dict';
import { Ellipsis } from '@/components/Ellipsis';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { listUsersQuery } from '../api/list-users';
import { useFreezeUsers, useResetGoogleAuth, useSetHeaderItemsHidden, useSetIpWhitelist } from '../api/users';

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

/** Editing a user: what the API lets an administrator change here (the header items flag). */
function UserEditModal({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const save = useSetHeaderItemsHidden();
  const [form] = Form.useForm<{ hideHeaderItems: boolean }>();
  return (
    <Modal
      open
      title={t('user.editTitle', { username: user.username })}
      onCancel={onClose}
      okText={t('table.save')}
      confirmLoading={save.isPending}
      onOk={() =>
        save.mutate(
          { userId: user.id, hidden: form.getFieldValue('hideHeaderItems') === true },
          {
            onSuccess: () => {
              void message.success(t('table.saved'));
              onClose();
            },
          },
        )
      }
      data-testid="user-edit-modal"
    >
      <Form form={form} layout="vertical" initialValues={{ hideHeaderItems: user.hideHeaderItems }}>
        <Form.Item
          name="hideHeaderItems"
          label={t('user.hideHeaderItems')}
          valuePropName="checked"
          extra={t('user.hideHeaderItemsHint')}
        >
          <Switch data-testid="user-hide-header-items" />
        </Form.Item>
      </Form>
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
  const [editingUser, setEditingUser] = useState<UserListItem | null>(null);

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
        toolbar={({ selectedKeys, clearSelection }) => (
          <Can action="system:user:frozen">
            <Flex gap={8}>
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
            </Flex>
          </Can>
        )}
        columns={[
          {
            title: t('user.username'),
            dataIndex: 'username',
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
            {
              key: 'edit',
              label: t('user.edit'),
              permission: 'system:user:edit',
              onClick: () => setEditingUser(user),
              testId: 'user-edit',
            },
            {
              key: 'ipWhitelist',
              label: t('user.ipWhitelist'),
              permission: 'system:user:ipWhitelist',
              onClick: () => setEditing(user),
              testId: 'user-ip-whitelist',
            },
          ]),
        ]}
      />
      {editing ? <IpWhitelistModal user={editing} onClose={() => setEditing(null)} /> : null}
      {editingUser ? <UserEditModal user={editingUser} onClose={() => setEditingUser(null)} /> : null}
    </>
  );
}
