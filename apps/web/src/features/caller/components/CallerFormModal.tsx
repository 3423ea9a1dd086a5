import { type CallerId, callerIdEditSchema, callerIdInputSchema } from '@switchboard/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { EnabledItem, RemarkItem } from '@/components/form-items';
import { useAddOrEditForm } from '@/components/use-entity-form';
import { CompanyItem } from '@/features/sms-template';
import { useIsStaff } from '@/lib/session';
import { useSaveCaller } from '../api/callers';

interface Values {
  number: string;
  countryCode: string;
  companyId?: string;
  enabled: boolean;
  remark: string;
}

const EMPTY: Values = { number: '', countryCode: '', enabled: true, remark: '' };

const valuesOf = (c: CallerId | null): Values =>
  c
    ? { number: c.number, countryCode: c.countryCode ?? '', enabled: c.enabled, remark: c.remark ?? '' }
    : EMPTY;

function bodyOf(values: Values, pickCompany: boolean) {
  const v = { ...EMPTY, ...values };
  return {
    number: v.number.trim(),
    countryCode: v.countryCode.trim() || null,
    enabled: v.enabled,
    remark: v.remark.trim() || null,
    ...(pickCompany && v.companyId ? { companyId: v.companyId } : {}),
  };
}

/** Add or edit a caller ID; staff choose the company it is for. */
export function CallerFormModal({ open, editing, onClose }: EntityModalProps<CallerId>) {
  const { t } = useTranslation('caller');
  const save = useSaveCaller();
  const pickCompany = useIsStaff() && !editing;
  const labels = {
    number: t('fields.number'),
    countryCode: t('fields.countryCode'),
    companyId: t('fields.company'),
    enabled: t('fields.enabled'),
    remark: t('fields.remark'),
  };
  const entity = useAddOrEditForm({
    open,
    editing,
    valuesOf,
    schemas: { add: callerIdInputSchema, edit: callerIdEditSchema },
    // Editing, the company is not picked (pickCompany is false).
    bodyOf: (values: Values) => bodyOf(values, pickCompany),
    labels,
    save: save.mutateAsync,
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { CALLER_ID_TAKEN: 'number' },
  });
  const { rule } = entity;
  return (
    <FormModal entity={entity} title={editing ? t('editTitle') : t('createTitle')} testId="caller-form">
      {pickCompany ? (
        <CompanyItem label={labels.companyId} message={t('pickCompany')} testId="caller-company" />
      ) : null}
      <Form.Item name="number" label={labels.number} rules={[rule('number')]} extra={t('numberHint')}>
        <Input maxLength={24} inputMode="tel" data-testid="caller-number" />
      </Form.Item>
      <Form.Item name="countryCode" label={labels.countryCode} rules={[rule('countryCode')]}>
        <Input maxLength={2} placeholder="GB" />
      </Form.Item>
      <EnabledItem label={labels.enabled} />
      <RemarkItem label={labels.remark} rule={rule('remark')} />
    </FormModal>
  );
}
