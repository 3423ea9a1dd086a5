import { REVIEW_REASON_MAX } from '@switchboard/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Rejecting needs the reason the company's users are told. */
export function RejectModal({
  name,
  saving,
  onReject,
  onClose,
}: {
  name: string;
  saving: boolean;
  onReject: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('smsTemplate');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title={t('common.rejectTitle', { name })}
      okText={t('common.reject')}
      okButtonProps={{ danger: true, 'data-testid': 'review-reject-ok' } as Record<`data-${string}`, string>}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        const { reason } = await form.validateFields();
        await onReject(reason.trim()).then(
          () => {
            void message.success(t('common.rejected'));
            onClose();
          },
          // The query client shows the failure; the dialog stays open.
          () => {},
        );
      }}
    >
      <Form form={form} layout="vertical" data-testid="review-reject-form">
        <Form.Item
          name="reason"
          label={t('common.rejectReason')}
          rules={[{ required: true, whitespace: true, message: t('common.rejectReasonRequired') }]}
          extra={t('common.rejectHint')}
        >
          <Input.TextArea maxLength={REVIEW_REASON_MAX} rows={3} data-testid="review-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
