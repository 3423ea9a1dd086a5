import { PlusOutlined } from '@ant-design/icons';
import {
  ANNOUNCEMENT_DICTS,
  type AnnouncementAdminItem,
  announcementListQuerySchema,
} from '@switchboard/contracts';
import { App, Button, Form, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { useDict } from '@/components/dict';
import { ResourceTable } from '@/components/ResourceTable';
import { NoticeModal, PRIORITY_COLOURS, type ShownNotice } from '@/features/notices';
import { formatDateTime } from '@/lib/format';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { listAnnouncementsQuery } from '../api/list-announcements';
import { useReleaseAnnouncement } from '../api/release-announcement';
import { useRevokeAnnouncement } from '../api/revoke-announcement';
import { AnnouncementFormModal } from '../components/AnnouncementFormModal';

export const ANNOUNCEMENT_PERMISSIONS = {
  add: 'system:announcement:add',
  edit: 'system:announcement:edit',
  delete: 'system:announcement:delete',
  release: 'system:announcement:release',
  revoke: 'system:announcement:revoke',
} as const;

const STATUS_COLOURS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'red' };

/** system/AnnouncementList: write, publish, revoke and delete announcements. */
export default function AnnouncementAdminPage() {
  const { t } = useTranslation('notices');
  const { modal, message } = App.useApp();
  const [form, setForm] = useState<{ open: boolean; editing: AnnouncementAdminItem | null }>({
    open: false,
    editing: null,
  });
  const [preview, setPreview] = useState<ShownNotice | null>(null);
  // Texts and options of the coded values: the server's dictionaries, in the current language.
  const sendStatuses = useDict(ANNOUNCEMENT_DICTS.sendStatus);
  const categories = useDict(ANNOUNCEMENT_DICTS.category);
  const priorities = useDict(ANNOUNCEMENT_DICTS.priority);

  const release = useReleaseAnnouncement();
  const revoke = useRevokeAnnouncement();
  const remove = useDeleteAnnouncement();

  const confirm = (
    kind: 'release' | 'revoke' | 'delete',
    record: AnnouncementAdminItem,
    run: (id: string) => Promise<unknown>,
  ) => {
    modal.confirm({
      title: t(`admin.confirm.${kind}Title`),
      content: t(`admin.confirm.${kind}`, { title: record.titile }),
      okText: t(`admin.actions.${kind}`),
      okButtonProps: kind === 'release' ? undefined : { danger: true },
      cancelText: t('actions.cancel'),
      // A failure (e.g. someone else revoked it first) is said by the query client; the dialog closes.
      onOk: () =>
        run(record.id).then(
          () => {
            void message.success(t(`admin.done.${kind}`));
          },
          () => {},
        ),
    });
  };

  const columns: TableColumnsType<AnnouncementAdminItem> = [
    {
      title: t('columns.title'),
      dataIndex: 'titile',
      ellipsis: true,
      render: (value: string, record) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setPreview({ ...record, readFlag: true })}>
          {value}
        </Button>
      ),
    },
    {
      title: t('columns.category'),
      dataIndex: 'msgCategory',
      width: 120,
      render: (value: string) => categories.textOf(value),
    },
    {
      title: t('columns.priority'),
      dataIndex: 'priority',
      width: 100,
      render: (value: string) => (
        <Tag color={PRIORITY_COLOURS[value] ?? 'default'}>{priorities.textOf(value)}</Tag>
      ),
    },
    {
      title: t('admin.fields.msgType'),
      dataIndex: 'msgType',
      width: 120,
      render: (value: string) => t(`admin.target.${value}`, { defaultValue: value }),
    },
    {
      title: t('admin.columns.status'),
      dataIndex: 'sendStatus',
      width: 110,
      render: (value: string) => (
        <Tag color={STATUS_COLOURS[value] ?? 'default'} data-testid="announcement-status">
          {sendStatuses.textOf(value)}
        </Tag>
      ),
    },
    { title: t('sender'), dataIndex: 'sender', width: 120, ellipsis: true },
    {
      title: t('sendTime'),
      dataIndex: 'sendTime',
      width: 170,
      render: (value: string | null) => formatDateTime(value),
    },
    {
      title: t('admin.columns.revokeTime'),
      dataIndex: 'revokeTime',
      width: 170,
      render: (value: string | null) => formatDateTime(value),
    },
    {
      title: t('admin.columns.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_: unknown, record) => (
        <Space size={0} wrap>
          {record.sendStatus === '0' ? (
            <>
              <Can action={ANNOUNCEMENT_PERMISSIONS.edit}>
                <Button type="link" size="small" onClick={() => setForm({ open: true, editing: record })}>
                  {t('admin.actions.edit')}
                </Button>
              </Can>
              <Can action={ANNOUNCEMENT_PERMISSIONS.release}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => confirm('release', record, release.mutateAsync)}
                >
                  {t('admin.actions.release')}
                </Button>
              </Can>
            </>
          ) : null}
          {record.sendStatus === '1' ? (
            <Can action={ANNOUNCEMENT_PERMISSIONS.revoke}>
              <Button type="link" size="small" onClick={() => confirm('revoke', record, revoke.mutateAsync)}>
                {t('admin.actions.revoke')}
              </Button>
            </Can>
          ) : null}
          <Can action={ANNOUNCEMENT_PERMISSIONS.delete}>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirm('delete', record, remove.mutateAsync)}
            >
              {t('admin.actions.delete')}
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ResourceTable
        params={announcementListQuerySchema}
        query={listAnnouncementsQuery}
        rowKey="id"
        title={t('admin.title')}
        testId="announcement-table"
        columns={columns}
        filters={
          <>
            <Form.Item name="title" label={t('columns.title')}>
              <Input allowClear placeholder={t('filters.title')} data-testid="filter-title" />
            </Form.Item>
            {/* '' (every status) is left out of the query, like a cleared select. */}
            <Form.Item name="sendStatus" label={t('admin.columns.status')}>
              <Select
                placeholder={t('admin.status.all')}
                style={{ width: 160 }}
                loading={sendStatuses.isPending}
                options={[{ value: '', label: t('admin.status.all') }, ...sendStatuses.options]}
              />
            </Form.Item>
          </>
        }
        toolbar={() => (
          <Can action={ANNOUNCEMENT_PERMISSIONS.add}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ open: true, editing: null })}
              data-testid="announcement-add"
            >
              {t('admin.actions.add')}
            </Button>
          </Can>
        )}
      />
      <AnnouncementFormModal
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
      {/* A preview (readFlag true): the administrator's own read state is not touched. */}
      <NoticeModal notice={preview} onClose={() => setPreview(null)} />
    </>
  );
}
