import { myAnnouncementsQuerySchema, type UserAnnouncementItem } from '@switchboard/contracts';
import { App, Button, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { listMyAnnouncementsQuery } from '../api/list-my-announcements';
import { useMarkAllNoticesRead } from '../api/read-all';
import { NoticeModal } from '../components/NoticeModal';
import { NoticeTitleButton } from '../components/NoticeTitleButton';
import { useNoticeColumns } from '../components/notice-columns';

/** /isps/userAnnouncement: every announcement sent to me, read or not, with filters. */
export default function UserAnnouncementPage() {
  const { t } = useTranslation('notices');
  const { modal, message } = App.useApp();
  const [shown, setShown] = useState<UserAnnouncementItem | null>(null);
  const readAll = useMarkAllNoticesRead();
  // Texts and options of the coded values: the server's dictionaries, in the current language.
  const noticeColumns = useNoticeColumns<UserAnnouncementItem>();
  const { categories } = noticeColumns;

  const confirmReadAll = () => {
    modal.confirm({
      title: t('mine.readAllTitle'),
      content: t('mine.readAllContent'),
      okText: t('mine.readAll'),
      cancelText: t('actions.cancel'),
      // A failure is shown by the query client; the dialog closes.
      onOk: () =>
        readAll.mutateAsync().then(
          (r) => void message.success(t('mine.readAllDone', { count: r?.marked ?? 0 })),
          () => {},
        ),
    });
  };

  // No fixed widths: the table fits the card at desktop widths (cells wrap where they must); on
  // a phone only the title and the read state stay.
  const columns: TableColumnsType<UserAnnouncementItem> = [
    {
      title: t('columns.title'),
      dataIndex: 'titile',
      render: (value: string, record) => <NoticeTitleButton title={value} onClick={() => setShown(record)} />,
    },
    noticeColumns.category,
    noticeColumns.priority,
    { title: t('sender'), dataIndex: 'sender', responsive: ['md'] },
    {
      title: t('sendTime'),
      dataIndex: 'sendTime',
      responsive: ['md'],
      render: (value: string | null) => <DateTimeText value={value} />,
    },
    {
      title: t('columns.readState'),
      dataIndex: 'readFlag',
      render: (value: boolean) =>
        value ? <Tag color="green">{t('read')}</Tag> : <Tag color="blue">{t('unread')}</Tag>,
    },
    {
      title: t('columns.readTime'),
      dataIndex: 'readTime',
      responsive: ['md'],
      render: (value: string | null) => <DateTimeText value={value} />,
    },
    rowActionsColumn<UserAnnouncementItem>(t('columns.actions'), (record) => [
      { key: 'open', label: t('open'), onClick: () => setShown(record) },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={myAnnouncementsQuerySchema}
        query={listMyAnnouncementsQuery}
        rowKey="id"
        title={t('mine.title')}
        testId="my-announcements"
        columns={columns}
        filters={
          <>
            <Form.Item name="title" label={t('columns.title')}>
              <Input allowClear placeholder={t('filters.title')} data-testid="filter-title" />
            </Form.Item>
            {/* '' (everything) is left out of the query, like a cleared select. */}
            <Form.Item name="msgCategory" label={t('filters.category')}>
              <Select
                placeholder={t('filters.allCategories')}
                style={{ width: 160 }}
                loading={categories.isPending}
                options={[{ value: '', label: t('filters.allCategories') }, ...categories.options]}
              />
            </Form.Item>
            <Form.Item name="readFlag" label={t('filters.readState')}>
              <Select
                placeholder={t('filters.allStates')}
                style={{ width: 140 }}
                options={[
                  { value: '', label: t('filters.allStates') },
                  { value: 'false', label: t('unread') },
                  { value: 'true', label: t('read') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={() => (
          <Button onClick={confirmReadAll} loading={readAll.isPending} data-testid="notices-read-all">
            {t('mine.readAll')}
          </Button>
        )}
      />
      <NoticeModal notice={shown} onClose={() => setShown(null)} />
    </>
  );
}
