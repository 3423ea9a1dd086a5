import {
  type CallerId,
  callerIdEditSchema,
  callerIdInputSchema,
  hasPlatformScope,
} from '@switchboard/contracts';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { CompanySelect } from '@/features/sms-template';
import { useSession } from '@/lib/session';
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
  const session = useSession();
  const pickCompany = !editing && hasPlatformScope(session?.userInfo.roles ?? []);
  const labels = {
    number: t('fields.number'),
    countryCode: t('fields.countryCode'),
    companyId: t('fields.company'),
    enabled: t('fields.enabled'),
    remark: t('fields.remark'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: {
      safeParse: (values: unknown) =>
        editing
          ? callerIdEditSchema.safeParse({ ...bodyOf(values as Values, false), id: editing.id })
          : callerIdInputSchema.safeParse(bodyOf(values as Values, pickCompany)),
    },
    labels,
    save: (values) => save.mutateAsync({ id: editing?.id, input: bodyOf(values, pickCompany) }),
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { CALLER_ID_TAKEN: 'number' },
  });
  const { rule } = entity;
  return (
    <FormModal entity={entity} title={editing ? t('editTitle') : t('createTitle')} testId="caller-form">
      {pickCompany ? (
        <Form.Item
          name="companyId"
          label={labels.companyId}
          rules={[{ required: true, message: t('pickCompany') }]}
        >
          <CompanySelect testId="caller-company" />
        </Form.Item>
      ) : null}
      <Form.Item name="number" label={labels.number} rules={[rule('number')]} extra={t('numberHint')}>
        <Input maxLength={24} inputMode="tel" data-testid="caller-number" />
      </Form.Item>
      <Form.Item name="countryCode" label={labels.countryCode} rules={[rule('countryCode')]}>
        <Input maxLength={2} placeholder="GB" />
      </Form.Item>
      <Form.Item name="enabled" label={labels.enabled} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="remark" label={labels.remark} rules={[rule('remark')]}>
        <Input maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
