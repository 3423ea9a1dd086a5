import {
  DICT_ITEM_SORT_MAX,
  type DictItemInput,
  type DictItemRecord,
  dictItemInputSchema,
} from '@switchboard/contracts';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useSaveDictItem } from '../api/dicts';

type Values = Omit<DictItemInput, 'sortOrder'> & { sortOrder?: number | null };

/** Add or edit one item of a dictionary: value, texts in both languages, sort, enabled. */
export function DictItemFormModal({
  open,
  dictId,
  editing,
  onClose,
}: {
  open: boolean;
  dictId: string;
  editing: DictItemRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('dict');
  const save = useSaveDictItem();
  const empty: Values = { dictId, itemValue: '', textEn: '', textZh: '', sortOrder: null, enabled: true };
  const valuesOf = (item: DictItemRecord | null): Values =>
    item
      ? {
          dictId,
          itemValue: item.itemValue,
          textEn: item.textEn,
          textZh: item.textZh,
          sortOrder: item.sortOrder,
          enabled: item.enabled,
        }
      : empty;
  const labels = {
    dictId: '',
    itemValue: t('item.fields.itemValue'),
    textEn: t('item.fields.textEn'),
    textZh: t('item.fields.textZh'),
    sortOrder: t('item.fields.sortOrder'),
    enabled: t('item.fields.enabled'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: dictItemInputSchema,
    labels,
    save: (values) =>
      save.mutateAsync({
        id: editing?.id,
        input: {
          dictId,
          itemValue: values.itemValue.trim(),
          textEn: values.textEn.trim(),
          textZh: values.textZh.trim(),
          ...(values.sortOrder === null || values.sortOrder === undefined
            ? {}
            : { sortOrder: values.sortOrder }),
          enabled: values.enabled ?? true,
        },
      }),
    successMessage: t('item.saved'),
    onClose,
    errorCodeFields: { DICT_ITEM_VALUE_TAKEN: 'itemValue', DICT_ITEM_BUILT_IN: 'itemValue' },
  });
  const { rule } = entity;

  return (
    <FormModal
      entity={entity}
      title={editing ? t('item.editTitle') : t('item.createTitle')}
      testId="dict-item-form"
    >
      <Form.Item
        name="itemValue"
        label={labels.itemValue}
        rules={[rule('itemValue')]}
        extra={editing?.builtIn ? t('item.builtInHint') : undefined}
      >
        <Input maxLength={64} disabled={editing?.builtIn} data-testid="dict-item-value" />
      </Form.Item>
      <Form.Item name="textEn" label={labels.textEn} rules={[rule('textEn')]}>
        <Input maxLength={256} data-testid="dict-item-text-en" />
      </Form.Item>
      <Form.Item name="textZh" label={labels.textZh} rules={[rule('textZh')]}>
        <Input maxLength={256} data-testid="dict-item-text-zh" />
      </Form.Item>
      {/* Left empty: the server puts it after the last item (the range is the control's own). */}
      <Form.Item name="sortOrder" label={labels.sortOrder} extra={t('item.sortHint')}>
        <InputNumber min={0} max={DICT_ITEM_SORT_MAX} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={labels.enabled} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
