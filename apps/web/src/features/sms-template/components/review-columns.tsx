import { type PermissionCode, SMS_REVIEW_STATUSES, type SmsReviewStatus } from '@switchboard/contracts';
import { App, Form, Select, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import type { RowAction } from '@/components/RowActions';
import { RejectModal } from './RejectModal';
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

/** The review status filter of the template and sender id lists (the query's `status`). */
export function ReviewStatusFilter({ testId }: { testId: string }) {
  const { t } = useTranslation('smsTemplate');
  return (
    <Form.Item name="status" label={t('common.status')}>
      <Select
        allowClear
        placeholder={t('common.anyStatus')}
        style={{ minWidth: 140 }}
        options={SMS_REVIEW_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * A reviewer's row actions on templates and sender ids: Approve (asked first) unless passed,
 * Reject (the reason asked in RejectModal, which `rejectModal` is) unless failed; both under the
 * review permission. Then the row's own actions, and a Delete asked in a Popconfirm (`deleteAction`).
 */
export function useReviewActions<T extends Reviewed & { id: string }>(options: {
  permission: PermissionCode;
  /** What a row is called in the confirmations. */
  nameOf: (row: T) => string;
  approve: (id: string) => Promise<unknown>;
  reject: (row: { id: string; reason: string }) => Promise<unknown>;
  rejecting: boolean;
  /** `<testIdPrefix>-approve`, `-reject`, `-delete`. */
  testIdPrefix: string;
}): {
  reviewActions: (row: T) => (RowAction | false)[];
  deleteAction: (row: T, permission: PermissionCode, remove: (id: string) => Promise<unknown>) => RowAction;
  rejectModal: ReactNode;
} {
  const { t } = useTranslation('smsTemplate');
  const { message } = App.useApp();
  const [rejected, setRejected] = useState<T | null>(null);
  const { permission, nameOf, testIdPrefix } = options;
  // A failure is shown by the query client's error display.
  const saying = (promise: Promise<unknown>, done: string) =>
    void promise.then(
      () => void message.success(done),
      () => {},
    );
  return {
    reviewActions: (row) => [
      row.status !== 'passed' && {
        key: 'approve',
        label: t('common.approve'),
        permission,
        confirm: t('common.approveConfirm', { name: nameOf(row) }),
        onClick: () => saying(options.approve(row.id), t('common.approved')),
        testId: `${testIdPrefix}-approve`,
      },
      row.status !== 'failed' && {
        key: 'reject',
        label: t('common.reject'),
        permission,
        danger: true,
        onClick: () => setRejected(row),
        testId: `${testIdPrefix}-reject`,
      },
    ],
    deleteAction: (row, deletePermission, remove) => ({
      key: 'delete',
      label: t('common.delete'),
      permission: deletePermission,
      danger: true,
      confirm: t('common.deleteConfirm', { name: nameOf(row) }),
      onClick: () => saying(remove(row.id), t('common.deleted')),
      testId: `${testIdPrefix}-delete`,
    }),
    rejectModal: rejected ? (
      <RejectModal
        name={nameOf(rejected)}
        saving={options.rejecting}
        onReject={(reason) => options.reject({ id: rejected.id, reason })}
        onClose={() => setRejected(null)}
      />
    ) : null,
  };
}
