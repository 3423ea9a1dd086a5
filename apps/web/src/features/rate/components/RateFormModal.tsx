import {
  type Rate,
  type RateGroup,
  type RateInput,
  rateInputSchema,
  SMS_KINDS,
  VOICE_BILLING_PRESETS,
} from '@switchboard/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CountryCodeSelect } from '@/components/CountryCodeSelect';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { type RateBody, useSaveRate } from '../api/rates';
import { useRateLabels } from './labels';

interface RateFormValues {
  countryCode: string;
  smsKind?: RateInput['smsKind'];
  prefix?: string;
  mcc?: string;
  mnc?: string;
  price: string;
  connectionFee?: string;
  billing?: string;
  remark?: string;
}

const EMPTY: RateFormValues = { countryCode: '', price: '', billing: '60/60' };

/** Empty text fields are absent ones; the billing preset is two numbers. */
function toInput(values: RateFormValues): RateBody {
  const clean = (v: string | undefined | null) => (v && v.trim() !== '' ? v.trim() : undefined);
  const [initial, increment] = (values.billing ?? '60/60').split('/').map(Number);
  return {
    countryCode: values.countryCode.trim().toUpperCase(),
    smsKind: values.smsKind ?? undefined,
    prefix: clean(values.prefix),
    mcc: clean(values.mcc),
    mnc: clean(values.mnc),
    price: values.price.trim(),
    connectionFee: clean(values.connectionFee),
    billingInitial: initial,
    billingIncrement: increment,
    remark: clean(values.remark) ?? null,
  };
}

const formSchema = z.preprocess((v) => toInput({ ...EMPTY, ...(v as RateFormValues) }), rateInputSchema);

function valuesOf(rate: Rate | null): RateFormValues {
  if (!rate) return EMPTY;
  return {
    countryCode: rate.countryCode,
    smsKind: rate.smsKind ?? undefined,
    prefix: rate.prefix ?? '',
    mcc: rate.mcc ?? '',
    mnc: rate.mnc ?? '',
    price: rate.price,
    connectionFee: rate.connectionFee,
    billing: `${rate.billingInitial}/${rate.billingIncrement}`,
    remark: rate.remark ?? '',
  };
}

/** Add or edit one rate of a group; the fields follow the group's kind. */
export function RateFormModal({
  group,
  open,
  editing,
  onClose,
}: {
  group: RateGroup | undefined;
  open: boolean;
  editing: Rate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('rates');
  const labels = useRateLabels();
  const save = useSaveRate();
  const voice = group?.kind === 'voice';
  const fieldLabels = {
    countryCode: t('rate.countryCode'),
    smsKind: t('rate.smsKind'),
    prefix: t('rate.prefix'),
    mcc: t('rate.mcc'),
    mnc: t('rate.mnc'),
    price: voice ? t('rate.pricePerMinute') : t('rate.price'),
    connectionFee: t('rate.connectionFee'),
    billing: t('rate.billing'),
    remark: t('rate.remark'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: formSchema,
    labels: fieldLabels,
    save: (values) => save.mutateAsync({ id: editing?.id, groupId: group?.id ?? '', input: toInput(values) }),
    successMessage: t('saved'),
    onClose,
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={editing ? t('rate.editTitle') : t('rate.createTitle')}
      testId="rate-form"
    >
      <Form.Item
        name="countryCode"
        label={fieldLabels.countryCode}
        rules={[rule('countryCode')]}
        extra={t('rate.countryHint')}
      >
        <CountryCodeSelect testId="rate-country" />
      </Form.Item>
      {group?.kind === 'sms' && (
        <Form.Item name="smsKind" label={fieldLabels.smsKind} rules={[rule('smsKind')]}>
          <Select
            options={SMS_KINDS.map((k) => ({ value: k, label: labels.smsKind(k) }))}
            data-testid="rate-sms-kind"
          />
        </Form.Item>
      )}
      <Form.Item
        name="prefix"
        label={fieldLabels.prefix}
        rules={[rule('prefix')]}
        extra={t('rate.prefixHint')}
      >
        <Input maxLength={16} data-testid="rate-prefix" />
      </Form.Item>
      <Form.Item label={`${fieldLabels.mcc} / ${fieldLabels.mnc}`} extra={t('rate.narrowHint')}>
        <Input.Group compact>
          <Form.Item name="mcc" noStyle rules={[rule('mcc')]}>
            <Input maxLength={3} style={{ width: 100 }} placeholder={fieldLabels.mcc} />
          </Form.Item>
          <Form.Item name="mnc" noStyle rules={[rule('mnc')]}>
            <Input maxLength={3} style={{ width: 100 }} placeholder={fieldLabels.mnc} />
          </Form.Item>
        </Input.Group>
      </Form.Item>
      <Form.Item name="price" label={fieldLabels.price} rules={[rule('price')]}>
        <Input inputMode="decimal" placeholder="0.003500" data-testid="rate-price" />
      </Form.Item>
      {voice && (
        <>
          <Form.Item name="connectionFee" label={fieldLabels.connectionFee} rules={[rule('connectionFee')]}>
            <Input inputMode="decimal" placeholder="0" />
          </Form.Item>
          <Form.Item name="billing" label={fieldLabels.billing}>
            <Select options={VOICE_BILLING_PRESETS.map((p) => ({ value: p, label: p }))} />
          </Form.Item>
        </>
      )}
      <Form.Item name="remark" label={fieldLabels.remark} rules={[rule('remark')]}>
        <Input maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
