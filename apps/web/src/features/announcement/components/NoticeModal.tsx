import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import type { AnnouncementItem } from '@switchboard/contracts';
import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useMarkNoticeRead } from '../api/mark-read';
import { sanitizeHtml } from '../sanitize';

export const PRIORITY_COLOURS: Record<string, string> = { L: 'default', M: 'orange', H: 'red' };

/** An announcement as the modal shows it; `readFlag: true` means it need not be marked read. */
export type ShownNotice = AnnouncementItem & { readFlag?: boolean };

/**
 * Title, sender, send time and the HTML content (cleaned by DOMPurify before it is shown).
 * 60 % wide, 100 % in full screen. Opening an unread announcement marks it read, then the bell
 * and the lists reload.
 */
export function NoticeModal({ notice, onClose }: { notice: ShownNotice | null; onClose: () => void }) {
  const { t } = useTranslation(['notices', 'common']);
  const [fullscreen, setFullscreen] = useState(false);
  const markRead = useMarkNoticeRead();
  const { mutate } = markRead;
  const marked = useRef<string | null>(null);
  const html = useMemo(() => (notice ? sanitizeHtml(notice.msgContent) : ''), [notice]);

  useEffect(() => {
    if (!notice || notice.readFlag === true || marked.current === notice.id) return;
    marked.current = notice.id;
    mutate(notice.id);
  }, [notice, mutate]);

  const close = () => {
    marked.current = null;
    // The next notice opens at the normal width again.
    setFullscreen(false);
    onClose();
  };

  return (
    <Modal
      open={notice !== null}
      onCancel={close}
      footer={null}
      width={fullscreen ? '100%' : '60%'}
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      styles={fullscreen ? { body: { minHeight: 'calc(100vh - 120px)' } } : undefined}
      destroyOnHidden
      title={
        <Flex align="center" justify="space-between" style={{ paddingRight: 32 }}>
          <span data-testid="notice-title">{notice?.titile}</span>
          <Button
            type="text"
            size="small"
            aria-label={fullscreen ? t('exitFullscreen') : t('fullscreen')}
            data-testid="notice-fullscreen"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullscreen((f) => !f)}
          />
        </Flex>
      }
    >
      {notice ? (
        <>
          <Typography.Paragraph type="secondary" data-testid="notice-meta">
            {/* "Sender: …" in English, "发布人：…" (full-width colon) in Chinese. */}
            {t('common:labelled', { label: t('sender'), value: notice.sender })} ·{' '}
            {t('common:labelled', { label: t('sendTime'), value: formatDateTime(notice.sendTime) })}{' '}
            <Tag color={PRIORITY_COLOURS[notice.priority] ?? 'default'}>
              {t(`priority.${notice.priority}`, { defaultValue: notice.priority })}
            </Tag>
          </Typography.Paragraph>
          <div
            className="notice-content"
            data-testid="notice-content"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML has just been cleaned by DOMPurify (sanitizeHtml)
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </>
      ) : null}
    </Modal>
  );
}
