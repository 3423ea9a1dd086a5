import {
  DATA_RULE_CONDITIONS,
  type DataRuleColumnInfo,
  type DataRuleInput,
  type DataRuleRecord,
  dataRuleInputSchema,
} from '@switchboard/contracts';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useSaveDataRule } from '../api/roles';

type Values = Omit<DataRuleInput, 'ruleCondition'> & { ruleCondition: DataRuleInput['ruleCondition'] };

/** Add or edit a data rule of a menu's list: name, column (those the list takes), condition, value, enabled. */
export function DataRuleFormModal({
  open,
  permissionId,
  columns,
  editing,
  onClose,
}: {
  open: boolean;
  permissionId: string;
  columns: DataRuleColumnInfo[];
  editing: DataRuleRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('role');
  const save = useSaveDataRule();
  const empty: Values = {
    permissionId,
    ruleName: '',
    ruleColumn: columns[0]?.key ?? '',
    ruleCondition: '=',
    ruleValue: '',
    enabled: true,
  };
  const valuesOf = (rule: DataRuleRecord | null): Values =>
    rule
      ? {
          permissionId,
          ruleName: rule.ruleName,
          ruleColumn: rule.ruleColumn,
          ruleCondition: rule.ruleCondition as Values['ruleCondition'],
          ruleValue: rule.ruleValue,
          enabled: rule.enabled,
        }
      : empty;
  const labels = {
    permissionId: 'permissionId',
    ruleName: t('rules.fields.ruleName'),
    ruleColumn: t('rules.fields.ruleColumn'),
    ruleCondition: t('rules.fields.ruleCondition'),
    ruleValue: t('rules.fields.ruleValue'),
    enabled: t('rules.fields.enabled'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: dataRuleInputSchema,
    labels,
    save: (values) => save.mutateAsync({ id: editing?.id, input: { ...values, permissionId } }),
    successMessage: t('rules.saved'),
    onClose,
    errorCodeFields: {
      DATA_RULE_COLUMN_UNKNOWN: 'ruleColumn',
      DATA_RULE_SCOPE_COLUMN: 'ruleCondition',
      DATA_RULE_VALUE_REQUIRED: 'ruleValue',
    },
  });
  const { form, rule } = entity;
  const condition = Form.useWatch('ruleCondition', form);
  const column = Form.useWatch('ruleColumn', form);
  const isCompany = columns.find((c) => c.key === column)?.company ?? false;

  return (
    <FormModal
      entity={entity}
      title={editing ? t('rules.editTitle') : t('rules.createTitle')}
      testId="data-rule-form"
    >
      <Form.Item name="ruleName" label={labels.ruleName} rules={[rule('ruleName')]}>
        <Input maxLength={64} data-testid="data-rule-name" />
      </Form.Item>
      <Form.Item name="ruleColumn" label={labels.ruleColumn} rules={[rule('ruleColumn')]}>
        <Select
          options={columns.map((c) => ({ value: c.key, label: c.key }))}
          data-testid="data-rule-column"
        />
      </Form.Item>
      <Form.Item name="ruleCondition" label={labels.ruleCondition} rules={[rule('ruleCondition')]}>
        <Select
          options={DATA_RULE_CONDITIONS.filter((c) => c !== 'scope' || isCompany).map((c) => ({
            value: c,
            label: `${c} · ${t(`rules.conditions.${c}`)}`,
          }))}
          data-testid="data-rule-condition"
        />
      </Form.Item>
      {condition === 'scope' ? (
        <Form.Item label={labels.ruleValue} extra={t('rules.scopeHint')}>
          <Input disabled />
        </Form.Item>
      ) : (
        <Form.Item
          name="ruleValue"
          label={labels.ruleValue}
          rules={[rule('ruleValue')]}
          extra={t('rules.valueHint')}
        >
          <Input maxLength={256} data-testid="data-rule-value" />
        </Form.Item>
      )}
      <Form.Item name="enabled" label={labels.enabled} valuePropName="checked">
        <Switch data-testid="data-rule-enabled" />
      </Form.Item>
    </FormModal>
  );
}
