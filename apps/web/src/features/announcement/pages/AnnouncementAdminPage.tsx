import {
  ANNOUNCEMENT_DICTS,
  type AnnouncementAdminItem,
  announcementListQuerySchema,
} from '@switchboard/contracts';
import { App, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { DateTimeText } from '@/components/DateTimeText';
import { useDict } from '@/components/dict';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { deleteAction, editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { listAnnouncementsQuery } from '../api/list-announcements';
import { useReleaseAnnouncement } from '../api/release-announcement';
import { useRevokeAnnouncement } from '../api/revoke-announcement';
import { AnnouncementFormModal } from '../components/AnnouncementFormModal';
import { NoticeModal, type ShownNotice } from '../components/NoticeModal';
import { NoticeTitleButton } from '../components/NoticeTitleButton';
import { useNoticeColumns } from '../components/notice-columns';

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
  const form = useEntityModal<AnnouncementAdminItem>();
  const [preview, setPreview] = useState<ShownNotice | null>(null);
  // Texts and options of the coded values: the server's dictionaries, in the current language.
  const sendStatuses = useDict(ANNOUNCEMENT_DICTS.sendStatus);
  const noticeColumns = useNoticeColumns<AnnouncementAdminItem>();

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

  // No fixed widths: the table fits the card at desktop widths (cells wrap where they must); on
  // a phone the columns after the title and status give way.
  const columns: TableColumnsType<AnnouncementAdminItem> = [
    {
      title: t('columns.title'),
      dataIndex: 'titile',
      render: (value: string, record) => (
        <NoticeTitleButton title={value} onClick={() => setPreview({ ...record, readFlag: true })} />
      ),
    },
    noticeColumns.category,
    noticeColumns.priority,
    {
      title: t('admin.fields.msgType'),
      dataIndex: 'msgType',
      responsive: ['md'],
      render: (value: string) => t(`admin.target.${value}`, { defaultValue: value }),
    },
    {
      title: t('admin.columns.status'),
      dataIndex: 'sendStatus',
      render: (value: string) => (
        <Tag color={STATUS_COLOURS[value] ?? 'default'} data-testid="announcement-status">
          {sendStatuses.textOf(value)}
        </Tag>
      ),
    },
    { title: t('sender'), dataIndex: 'sender', responsive: ['md'] },
    {
      title: t('sendTime'),
      dataIndex: 'sendTime',
      render: (value: string | null) => <DateTimeText value={value} />,
    },
    {
      title: t('admin.columns.revokeTime'),
      dataIndex: 'revokeTime',
      responsive: ['md'],
      render: (value: string | null) => <DateTimeText value={value} />,
    },
    {
      title: t('admin.columns.createTime'),
      dataIndex: 'createTime',
      responsive: ['md'],
      render: (value: string) => <DateTimeText value={value} />,
    },
    rowActionsColumn<AnnouncementAdminItem>(t('columns.actions'), (record) => [
      record.sendStatus === '0' &&
        editAction(t('admin.actions.edit'), ANNOUNCEMENT_PERMISSIONS.edit, () => form.edit(record)),
      record.sendStatus === '0' && {
        key: 'release',
        label: t('admin.actions.release'),
        permission: ANNOUNCEMENT_PERMISSIONS.release,
        onClick: () => confirm('release', record, release.mutateAsync),
      },
      record.sendStatus === '1' && {
        key: 'revoke',
        label: t('admin.actions.revoke'),
        permission: ANNOUNCEMENT_PERMISSIONS.revoke,
        onClick: () => confirm('revoke', record, revoke.mutateAsync),
      },
      deleteAction(t('admin.actions.delete'), ANNOUNCEMENT_PERMISSIONS.delete, () =>
        confirm('delete', record, remove.mutateAsync),
      ),
    ]),
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
          <AddButton
            permission={ANNOUNCEMENT_PERMISSIONS.add}
            onClick={() => form.add()}
            testId="announcement-add"
          >
            {t('admin.actions.add')}
          </AddButton>
        )}
      />
      <AnnouncementFormModal {...form.modal} />
      {/* A preview (readFlag true): the administrator's own read state is not touched. */}
      <NoticeModal notice={preview} onClose={() => setPreview(null)} />
    </>
  );
}
