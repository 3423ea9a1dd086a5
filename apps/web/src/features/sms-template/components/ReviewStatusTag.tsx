import type { SmsReviewStatus } from '@switchboard/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<SmsReviewStatus, string> = { to_review: 'gold', passed: 'green', failed: 'red' };

/** A template's or sender id's review status; a failed one shows its reason beside it. */
export function ReviewStatusTag({ status, reason }: { status: SmsReviewStatus; reason?: string | null }) {
  const { t } = useTranslation('smsTemplate');
  const tag = (
    <Tag color={COLORS[status]} data-testid="review-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
