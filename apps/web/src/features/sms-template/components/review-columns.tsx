import type { SmsReviewStatus } from '@switchboard/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { ReviewStatusTag } from './ReviewStatusTag';

interface Reviewed {
  status: SmsReviewStatus;
  rejectReason: string | null;
}

/** The review columns templates and sender ids share: status, reason, company, reviewer, times. */
export function useReviewColumns<T extends Reviewed>(): TableColumnsType<T> {
  const { t } = useTranslation('smsTemplate');
  return [
    {
      title: t('common.status'),
      dataIndex: 'status',
      sorter: true,
      render: (status: SmsReviewStatus, row: T) => (
        <ReviewStatusTag status={status} reason={row.rejectReason} />
      ),
    },
    {
      title: t('common.reason'),
      dataIndex: 'rejectReason',
      render: (reason: string | null) => <span data-testid="review-reason">{reason ?? ''}</span>,
    },
    { title: t('common.company'), dataIndex: 'companyName', responsive: ['lg'] },
    { title: t('common.reviewer'), dataIndex: 'reviewedBy', responsive: ['xl'] },
    {
      title: t('common.reviewedAt'),
      dataIndex: 'reviewedAt',
      responsive: ['xl'],
      sorter: true,
      render: (v: string | null) => <DateTimeText value={v} />,
    },
    {
      title: t('common.createdAt'),
      dataIndex: 'createdAt',
      responsive: ['lg'],
      sorter: true,
      render: (v: string) => <DateTimeText value={v} />,
    },
  ];
}
