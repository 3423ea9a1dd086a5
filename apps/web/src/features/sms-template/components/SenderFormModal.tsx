import { SENDER_ID_MAX, type SmsSender, smsSenderInputSchema } from '@switchboard/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useIsStaff } from '@/lib/session';
import { useSaveSender } from '../api/senders';
import { CompanyItem } from './CompanySelect';

interface Values {
  senderId: string;
  remark: string;
  companyId?: string;
}

const EMPTY: Values = { senderId: '', remark: '' };

const valuesOf = (sender: SmsSender | null): Values =>
  sender ? { senderId: sender.senderId, remark: sender.remark ?? '' } : EMPTY;

/** Add or edit one sender id; staff choose the company it is for. */
export function SenderFormModal({ open, editing, onClose }: EntityModalProps<SmsSender>) {
  const { t } = useTranslation('smsTemplate');
  const save = useSaveSender();
  const pickCompany = useIsStaff() && !editing;
  const labels = {
    senderId: t('sender.fields.senderId'),
    remark: t('sender.fields.remark'),
    companyId: t('sender.fields.companyId'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: smsSenderInputSchema,
    labels,
    save: (values) =>
      save.mutateAsync({
        id: editing?.id,
        input: {
          senderId: values.senderId.trim(),
          remark: values.remark?.trim() ?? '',
          ...(pickCompany && values.companyId ? { companyId: values.companyId } : {}),
        },
      }),
    successMessage: t('common.saved'),
    onClose,
    errorCodeFields: { SENDER_EXISTS: 'senderId' },
  });
  const { rule } = entity;

  return (
    <FormModal
      entity={entity}
      title={editing ? t('sender.editTitle') : t('sender.createTitle')}
      testId="sender-form"
    >
      {pickCompany ? (
        <CompanyItem
          label={labels.companyId}
          message={t('common.companyPlaceholder')}
          testId="sender-company"
        />
      ) : null}
      <Form.Item
        name="senderId"
        label={labels.senderId}
        rules={[rule('senderId')]}
        extra={editing ? `${t('sender.hint')} ${t('common.reviewAgainHint')}` : t('sender.hint')}
      >
        <Input maxLength={SENDER_ID_MAX} data-testid="sender-id" />
      </Form.Item>
      <Form.Item name="remark" label={labels.remark} rules={[rule('remark')]}>
        <Input maxLength={255} data-testid="sender-remark" />
      </Form.Item>
    </FormModal>
  );
}
