import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import type { AnnouncementItem } from '@switchboard/contracts';
import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

const PRIORITY_COLOURS: Record<string, string> = { L: 'default', M: 'orange', H: 'red' };

/**
 * Title, sender, send time and the HTML content (sanitised by the server when it was written).
 * 60 % wide, 100 % in full screen.
 */
export function NoticeModal({ notice, onClose }: { notice: AnnouncementItem | null; onClose: () => void }) {
  const { t } = useTranslation('notices');
  const [fullscreen, setFullscreen] = useState(false);
  return (
    <Modal
      open={notice !== null}
      onCancel={onClose}
      footer={null}
      width={fullscreen ? '100%' : '60%'}
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      destroyOnHidden
      title={
        <Flex align="center" justify="space-between" style={{ paddingRight: 32 }}>
          <span data-testid="notice-title">{notice?.titile}</span>
          <Button
            type="text"
            size="small"
            aria-label={fullscreen ? t('exitFullscreen') : t('fullscreen')}
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullscreen((f) => !f)}
          />
        </Flex>
      }
    >
      {notice ? (
        <>
          <Typography.Paragraph type="secondary">
            {t('sender')}: {notice.sender} · {t('sendTime')}: {formatDateTime(notice.sendTime)}{' '}
            <Tag color={PRIORITY_COLOURS[notice.priority] ?? 'default'}>
              {t(`priority.${notice.priority}`, notice.priority)}
            </Tag>
          </Typography.Paragraph>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: announcement HTML is sanitised by the server (sanitize-html) before it is stored */}
          <div className="notice-content" dangerouslySetInnerHTML={{ __html: notice.msgContent }} />
        </>
      ) : null}
    </Modal>
  );
}
