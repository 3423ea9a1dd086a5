import type { UserAnnouncementItem } from '@switchboard/contracts';
import { App, Button, Card, Flex, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useShowError } from '@/lib/use-show-error';
import { type MyAnnouncementsQuery, useMyAnnouncements } from '../api/get-my-announcements';
import { useMarkAllNoticesRead } from '../api/read-all';
import { NoticeModal, PRIORITY_COLOURS } from '../components/NoticeModal';

type ReadFilter = 'all' | 'read' | 'unread';
type CategoryFilter = 'all' | '1' | '2';

/** /isps/userAnnouncement: every announcement sent to me, read or not, with filters. */
export default function UserAnnouncementPage() {
  const { t } = useTranslation('notices');
  const { modal, message } = App.useApp();
  const showError = useShowError();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [readState, setReadState] = useState<ReadFilter>('all');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [shown, setShown] = useState<UserAnnouncementItem | null>(null);

  const query: MyAnnouncementsQuery = {
    ...page,
    title: title || undefined,
    msgCategory: category === 'all' ? undefined : category,
    readFlag: readState === 'all' ? undefined : readState === 'read',
  };
  const list = useMyAnnouncements(query);
  const readAll = useMarkAllNoticesRead();

  const confirmReadAll = () => {
    modal.confirm({
      title: t('mine.readAllTitle'),
      content: t('mine.readAllContent'),
      okText: t('mine.readAll'),
      cancelText: t('actions.cancel'),
      onOk: () =>
        readAll.mutateAsync().then((r) => {
          void message.success(t('mine.readAllDone', { count: r?.marked ?? 0 }));
        }, showError),
    });
  };

  const columns: TableColumnsType<UserAnnouncementItem> = [
    {
      title: t('columns.title'),
      dataIndex: 'titile',
      // A width of its own: without it the title got what the fixed columns left (a few letters).
      width: 280,
      ellipsis: true,
      render: (value: string, record) => (
        <Button type="link" style={{ padding: 0 }} title={value} onClick={() => setShown(record)}>
          {value}
        </Button>
      ),
    },
    {
      title: t('columns.category'),
      dataIndex: 'msgCategory',
      width: 130,
      render: (value: string) => t(`category.${value}`, { defaultValue: value }),
    },
    {
      title: t('columns.priority'),
      dataIndex: 'priority',
      width: 100,
      render: (value: string) => (
        <Tag color={PRIORITY_COLOURS[value] ?? 'default'}>
          {t(`priority.${value}`, { defaultValue: value })}
        </Tag>
      ),
    },
    { title: t('sender'), dataIndex: 'sender', width: 140, ellipsis: true },
    {
      title: t('sendTime'),
      dataIndex: 'sendTime',
      width: 180,
      render: (value: string | null) => formatDateTime(value),
    },
    {
      title: t('columns.readState'),
      dataIndex: 'readFlag',
      width: 110,
      render: (value: boolean) =>
        value ? <Tag color="green">{t('read')}</Tag> : <Tag color="blue">{t('unread')}</Tag>,
    },
    {
      title: t('columns.readTime'),
      dataIndex: 'readTime',
      width: 180,
      render: (value: string | null) => formatDateTime(value),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, record) => (
        <Button size="small" onClick={() => setShown(record)}>
          {t('open')}
        </Button>
      ),
    },
  ];

  const resetPage = () => setPage((p) => ({ ...p, pageNo: 1 }));

  return (
    <Card title={t('mine.title')}>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('filters.title')}
          aria-label={t('filters.title')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setTitle(value.trim());
            resetPage();
          }}
        />
        <Select<CategoryFilter>
          value={category}
          aria-label={t('filters.category')}
          style={{ width: 160 }}
          onChange={(value) => {
            setCategory(value);
            resetPage();
          }}
          options={[
            { value: 'all', label: t('filters.allCategories') },
            { value: '1', label: t('category.1') },
            { value: '2', label: t('category.2') },
          ]}
        />
        <Select<ReadFilter>
          value={readState}
          aria-label={t('filters.readState')}
          style={{ width: 140 }}
          onChange={(value) => {
            setReadState(value);
            resetPage();
          }}
          options={[
            { value: 'all', label: t('filters.allStates') },
            { value: 'unread', label: t('unread') },
            { value: 'read', label: t('read') },
          ]}
        />
        <Button onClick={confirmReadAll} loading={readAll.isPending} data-testid="notices-read-all">
          {t('mine.readAll')}
        </Button>
      </Flex>
      <Table<UserAnnouncementItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 1220 }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { count: total }),
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
      <NoticeModal notice={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
