import { type DictInput, type DictRecord, dictInputSchema } from '@switchboard/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useSaveDict } from '../api/dicts';

const EMPTY: DictInput = { dictCode: '', dictName: '', dictNameZh: '', description: '' };

function valuesOf(dict: DictRecord | null): DictInput {
  if (!dict) return EMPTY;
  return {
    dictCode: dict.dictCode,
    dictName: dict.dictName,
    dictNameZh: dict.dictNameZh,
    description: dict.description ?? '',
  };
}

/** Add or edit a dictionary: code, names in both languages, description. */
export function DictFormModal({ open, editing, onClose }: EntityModalProps<DictRecord>) {
  const { t } = useTranslation('dict');
  const save = useSaveDict();
  const labels = {
    dictCode: t('fields.dictCode'),
    dictName: t('fields.dictName'),
    dictNameZh: t('fields.dictNameZh'),
    description: t('fields.description'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: dictInputSchema,
    labels,
    save: (values) =>
      save.mutateAsync({
        id: editing?.id,
        input: {
          dictCode: values.dictCode.trim(),
          dictName: values.dictName.trim(),
          dictNameZh: values.dictNameZh.trim(),
          description: values.description?.trim() ?? '',
        },
      }),
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { DICT_CODE_TAKEN: 'dictCode', DICT_BUILT_IN_CODE: 'dictCode' },
  });
  const { rule } = entity;

  return (
    <FormModal entity={entity} title={editing ? t('editTitle') : t('createTitle')} testId="dict-form">
      <Form.Item
        name="dictCode"
        label={labels.dictCode}
        rules={[rule('dictCode')]}
        extra={editing?.builtIn ? t('builtInHint') : t('codeHint')}
      >
        <Input maxLength={64} disabled={editing?.builtIn} data-testid="dict-code" />
      </Form.Item>
      <Form.Item name="dictName" label={labels.dictName} rules={[rule('dictName')]}>
        <Input maxLength={128} data-testid="dict-name" />
      </Form.Item>
      <Form.Item name="dictNameZh" label={labels.dictNameZh} rules={[rule('dictNameZh')]}>
        <Input maxLength={128} data-testid="dict-name-zh" />
      </Form.Item>
      <Form.Item name="description" label={labels.description} rules={[rule('description')]}>
        <Input.TextArea maxLength={256} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
