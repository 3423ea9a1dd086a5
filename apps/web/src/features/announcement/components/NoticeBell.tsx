import { BellOutlined } from '@ant-design/icons';
import {
  type AnnouncementItem,
  type AnnouncementsByUser,
  CALL_TASK_PROGRESS_MESSAGE,
  GATEWAY_STATE_MESSAGE,
  type NoticeTopic,
  type SocketMessage,
} from '@switchboard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { useNoticeSocket } from '@/lib/websocket';
import { unreadNoticesQuery, useUnreadNotices } from '../api/list-by-user';
import { myAnnouncementsKey } from '../api/list-my-announcements';
import { NoticeModal } from './NoticeModal';

/**
 * What a platform notice's topic changed, as the first part of the query keys of the screens that
 * show it (each feature's list keys start with these): an open screen reloads on arrival.
 */
const TOPIC_QUERY_ROOTS: Record<NoticeTopic, string[]> = {
  company: ['companies', 'agent'],
  smsTemplate: ['smsTemplates'],
  smsSender: ['smsSenders'],
};

/** Announcements of these open types pop up by themselves when they arrive. */
const POP_UP_TYPES = new Set(['1', '2']);
/** How many of each list the popover shows; the rest is behind "Show more". */
const SHOWN_IN_POPOVER = 5;
export const ALL_NOTICES_PATH = '/isps/userAnnouncement';

/**
 * The header bell: notices and system messages with unread counts. Opening one shows it in the
 * notice modal (which marks it read); a websocket message reloads the counts, and a new
 * announcement of open type 1 or 2 opens by itself, once.
 */
export function NoticeBell({
  theme = 'dark',
  iconHidden = false,
}: {
  theme?: 'light' | 'dark';
  /** Narrow screens: no icon, but arrivals are still received and popped up. */
  iconHidden?: boolean;
}) {
  const { t } = useTranslation('notices');
  const queryClient = useQueryClient();
  const notices = useUnreadNotices();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<AnnouncementItem | null>(null);
  const poppedUp = useRef(new Set<string>());
  // Any navigation closes the popover: it belongs to the page it was opened on. Show more closes
  // it on its click; the browser's Back or Forward (no click outside) would leave it open.
  const { key: locationKey } = useLocation();
  useEffect(() => {
    if (locationKey) setOpen(false);
  }, [locationKey]);

  const show = (notice: AnnouncementItem) => {
    setOpen(false);
    setShown(notice);
  };

  useNoticeSocket(async (message: SocketMessage) => {
    if (message.cmd === 'heartcheck') return;
    // Live gateway states and call-task progress travel on the same socket; they are no notices.
    if (message.msgId === GATEWAY_STATE_MESSAGE || message.msgId === CALL_TASK_PROGRESS_MESSAGE) return;
    // A decision about something on screen (a sender approved): that screen shows it now.
    const roots = message.topic ? TOPIC_QUERY_ROOTS[message.topic] : [];
    for (const root of roots) void queryClient.invalidateQueries({ queryKey: [root] });
    // A message means the lists changed: always ask the server (never the cache).
    let fresh: AnnouncementsByUser;
    try {
      fresh = await queryClient.fetchQuery({ ...unreadNoticesQuery(), staleTime: 0 });
    } catch {
      return; // shown by the error normaliser; the next message tries again
    }
    // The announcements page, if open, shows the arrival (or revocation) too.
    void queryClient.invalidateQueries({ queryKey: myAnnouncementsKey });
    const arrived = [...fresh.anntMsgList, ...fresh.sysMsgList].find((n) => n.id === message.msgId);
    if (arrived && POP_UP_TYPES.has(arrived.openType) && !poppedUp.current.has(arrived.id)) {
      poppedUp.current.add(arrived.id);
      show(arrived);
    }
  });

  const data = notices.data;
  const total = (data?.anntMsgTotal ?? 0) + (data?.sysMsgTotal ?? 0);
  const list = (items: AnnouncementItem[], testId: string) =>
    items.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
    ) : (
      <List
        size="small"
        data-testid={testId}
        dataSource={items.slice(0, SHOWN_IN_POPOVER)}
        renderItem={(n) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => show(n)} data-testid="notice-item">
            <List.Item.Meta
              title={<Typography.Text ellipsis={{ tooltip: n.titile }}>{n.titile}</Typography.Text>}
              description={`${n.sender} · ${formatDateTime(n.sendTime)}`}
            />
          </List.Item>
        )}
      />
    );

  const modal = <NoticeModal notice={shown} onClose={() => setShown(null)} />;
  if (iconHidden) return modal;
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
                  label: (
                    <span data-testid="notice-tab-count">
                      {t('tabs.noticesCount', { count: data?.anntMsgTotal ?? 0 })}
                    </span>
                  ),
                  children: list(data?.anntMsgList ?? [], 'notice-list'),
                },
                {
                  key: 'system',
                  label: (
                    <span data-testid="system-tab-count">
                      {t('tabs.systemCount', { count: data?.sysMsgTotal ?? 0 })}
                    </span>
                  ),
                  children: list(data?.sysMsgList ?? [], 'system-message-list'),
                },
              ]}
            />
            <Link to={ALL_NOTICES_PATH} onClick={() => setOpen(false)} data-testid="notice-show-more">
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
              <BellOutlined
                style={{ color: theme === 'dark' ? 'rgba(255,255,255,0.85)' : undefined, fontSize: 16 }}
              />
            </Badge>
          }
        />
      </Popover>
      {modal}
    </>
  );
}
