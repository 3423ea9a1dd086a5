import {
  RATE_GROUP_KINDS,
  type RateGroup,
  type RateGroupInput,
  rateGroupInputSchema,
} from '@switchboard/contracts';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useSaveRateGroup } from '../api/rate-groups';
import { useRateLabels } from './labels';

const EMPTY: RateGroupInput = { name: '', kind: 'sms', remark: '', isDefault: false };

const valuesOf = (group: RateGroup | null): RateGroupInput =>
  group
    ? { name: group.name, kind: group.kind, remark: group.remark ?? '', isDefault: group.isDefault }
    : EMPTY;

/** Add a rate group (its kind is fixed once made) or rename one; either may make it its owner's default for new customers. */
export function RateGroupFormModal({ open, editing, onClose }: EntityModalProps<RateGroup>) {
  const { t } = useTranslation('rates');
  const labels = useRateLabels();
  const save = useSaveRateGroup();
  const fieldLabels = {
    name: t('group.name'),
    kind: t('group.kind'),
    remark: t('group.remark'),
    isDefault: t('group.isDefault'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: rateGroupInputSchema,
    labels: fieldLabels,
    save: (values) =>
      save.mutateAsync({
        id: editing?.id,
        input: { ...values, remark: values.remark?.trim() ? values.remark : null },
      }),
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { RATE_GROUP_NAME_TAKEN: 'name' },
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={editing ? t('group.editTitle') : t('group.createTitle')}
      testId="rate-group-form"
    >
      <Form.Item name="name" label={fieldLabels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="rate-group-name" />
      </Form.Item>
      <Form.Item name="kind" label={fieldLabels.kind} rules={[rule('kind')]}>
        <Select
          disabled={Boolean(editing)}
          options={RATE_GROUP_KINDS.map((k) => ({ value: k, label: labels.kind(k) }))}
          data-testid="rate-group-kind"
        />
      </Form.Item>
      <Form.Item name="remark" label={fieldLabels.remark} rules={[rule('remark')]}>
        <Input.TextArea maxLength={255} rows={2} />
      </Form.Item>
      <Form.Item
        name="isDefault"
        label={fieldLabels.isDefault}
        valuePropName="checked"
        extra={t('group.isDefaultHelp')}
      >
        <Switch data-testid="rate-group-default" />
      </Form.Item>
    </FormModal>
  );
}
