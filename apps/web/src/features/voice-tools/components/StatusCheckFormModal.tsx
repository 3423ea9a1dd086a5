import { hasPlatformScope, type StatusCheck, statusCheckInputSchema } from '@switchboard/contracts';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { type NumberFileRead, NumberListInput, numberPreview } from '@/features/call-task';
import { CompanySelect } from '@/features/sms-template';
import { useSession } from '@/lib/session';
import { importStatusNumbers, useAddStatusCheck } from '../api/voice-tools';

interface Values {
  companyId?: string;
  name: string;
  numbersText: string;
}

const valuesOf = (): Values => ({ name: '', numbersText: '' });

/** A new number-status check: its company (staff and resellers), a name, the numbers (typed, pasted or a file). */
export function StatusCheckFormModal({ open, onClose }: EntityModalProps<StatusCheck>) {
  const { t } = useTranslation('voiceTools');
  const add = useAddStatusCheck();
  const session = useSession();
  // Staff name the company; a company's own users check for their company.
  const pickCompany = hasPlatformScope(session?.userInfo.roles ?? []);
  const [imported, setImported] = useState<NumberFileRead | null>(null);
  const labels: Record<keyof Values, string> = {
    companyId: t('fields.company'),
    name: t('fields.name'),
    numbersText: t('fields.numbers'),
  };
  const entity = useEntityForm({
    open,
    editing: null,
    valuesOf,
    schema: statusCheckInputSchema,
    labels,
    save: (values) =>
      add.mutateAsync({
        name: values.name.trim(),
        numbers: numberPreview(values.numbersText ?? '', imported).all,
        ...(pickCompany && values.companyId ? { companyId: values.companyId } : {}),
      }),
    successMessage: t('started'),
    onClose: () => {
      setImported(null);
      onClose();
    },
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={t('createTitle')}
      okText={t('start')}
      width={640}
      testId="status-check-form"
    >
      {pickCompany ? (
        <Form.Item
          name="companyId"
          label={labels.companyId}
          extra={t('companyHint')}
          rules={[{ required: true, message: t('companyRequired') }]}
        >
          <CompanySelect testId="status-check-company" />
        </Form.Item>
      ) : null}
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="status-check-name" />
      </Form.Item>
      <NumberListInput
        name="numbersText"
        label={labels.numbersText}
        extra={t('numbersHint')}
        imported={imported}
        onImported={setImported}
        importFile={importStatusNumbers}
        testId="status-check"
      />
    </FormModal>
  );
}
