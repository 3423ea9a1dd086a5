import { BellOutlined } from '@ant-design/icons';
import type { AnnouncementItem, SocketMessage } from '@switchboard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { type Session, useSession } from '@/lib/session';
import { NoticeSocket, noticeSocketUrl } from '@/lib/websocket';
import { unreadNoticesQuery, useUnreadNotices } from '../api/list-by-user';
import { useMarkNoticeRead } from '../api/mark-read';
import { NoticeModal } from './NoticeModal';

const POP_UP_TYPES = new Set(['1', '2']);

/** Keeps the notices websocket open while signed in; a message reloads the notices. */
function useNoticeSocket(session: Session | null, onMessage: (message: SocketMessage) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const userId = session?.userInfo.id;
  const token = session?.token;
  useEffect(() => {
    if (!userId || !token) return;
    const socket = new NoticeSocket({
      url: noticeSocketUrl(userId),
      token,
      onMessage: (m) => handler.current(m),
    });
    socket.start();
    return () => socket.close();
  }, [userId, token]);
}

/** The header bell: notices and system messages with unread counts; opening one marks it read. */
export function NoticeBell() {
  const { t } = useTranslation('notices');
  const session = useSession();
  const queryClient = useQueryClient();
  const notices = useUnreadNotices();
  const markRead = useMarkNoticeRead();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<AnnouncementItem | null>(null);

  useNoticeSocket(session, async (message) => {
    if (message.cmd === 'heartcheck') return;
    // A message means the lists changed: always go back to the server (never the cache).
    const fresh = await queryClient.fetchQuery({ ...unreadNoticesQuery(), staleTime: 0 });
    // Notices of open type 1 or 2 pop up when they arrive.
    const arrived = [...fresh.anntMsgList, ...fresh.sysMsgList].find((n) => n.id === message.msgId);
    if (arrived && POP_UP_TYPES.has(arrived.openType)) show(arrived);
  });

  const show = (notice: AnnouncementItem) => {
    setOpen(false);
    setShown(notice);
    markRead.mutate(notice.id);
  };

  const data = notices.data;
  const total = (data?.anntMsgTotal ?? 0) + (data?.sysMsgTotal ?? 0);
  const list = (items: AnnouncementItem[], testId: string) =>
    items.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
    ) : (
      <List
        size="small"
        data-testid={testId}
        dataSource={items.slice(0, 5)}
        renderItem={(n) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => show(n)}>
            <List.Item.Meta
              title={<Typography.Text ellipsis={{ tooltip: n.titile }}>{n.titile}</Typography.Text>}
              description={`${n.sender} · ${formatDateTime(n.sendTime)}`}
            />
          </List.Item>
        )}
      />
    );

  return (
    <>
      <Popover
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        placement="bottomRight"
        content={
          <div style={{ width: 320 }}>
            <Tabs
              size="small"
              items={[
                {
                  key: 'notices',
                  label: `${t('tabs.notices')} (${data?.anntMsgTotal ?? 0})`,
                  children: list(data?.anntMsgList ?? [], 'notice-list'),
                },
                {
                  key: 'system',
                  label: `${t('tabs.system')} (${data?.sysMsgTotal ?? 0})`,
                  children: list(data?.sysMsgList ?? [], 'system-message-list'),
                },
              ]}
            />
            <Link to="/isps/userAnnouncement" onClick={() => setOpen(false)}>
              {t('showMore')}
            </Link>
          </div>
        }
      >
        <Button
          type="text"
          aria-label={t('bell')}
          data-testid="notice-bell"
          icon={
            <Badge count={total} size="small" data-testid="notice-count">
              <BellOutlined style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16 }} />
            </Badge>
          }
        />
      </Popover>
      <NoticeModal notice={shown} onClose={() => setShown(null)} />
    </>
  );
}
