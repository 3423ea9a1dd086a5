import {
  renderTemplate,
  SMS_KINDS,
  SMS_TEMPLATE_NAME_MAX,
  SMS_TEXT_MAX,
  type SmsKind,
  type SmsTemplate,
  smsTemplateInputSchema,
  templateVariables,
} from '@switchboard/contracts';
import { Checkbox, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useIsStaff } from '@/lib/session';
import { useSaveTemplate } from '../api/templates';
import { CompanyItem } from './CompanySelect';

interface Values {
  name: string;
  kinds: SmsKind[];
  text: string;
  companyId?: string;
}

const EMPTY: Values = { name: '', kinds: ['marketing'], text: '' };

function valuesOf(template: SmsTemplate | null): Values {
  if (!template) return EMPTY;
  return { name: template.name, kinds: template.kinds, text: template.text };
}

/** The text's variables, a sample value for each and the message as it would read (same rules as the server). */
function Preview({ text }: { text: string }) {
  const { t } = useTranslation('smsTemplate');
  const [samples, setSamples] = useState<Record<string, string>>({});
  const variables = templateVariables(text);
  const filled = Object.fromEntries(Object.entries(samples).filter(([, v]) => v !== ''));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="template-preview">
      <div>
        <Typography.Text type="secondary">{t('template.variables')}: </Typography.Text>
        {variables.length === 0 ? (
          <Typography.Text type="secondary">{t('template.noVariables')}</Typography.Text>
        ) : (
          variables.map((v) => (
            <Tag key={v} data-testid="template-variable">
              {v}
            </Tag>
          ))
        )}
      </div>
      {variables.map((v) => (
        <Input
          key={v}
          size="small"
          addonBefore={v}
          placeholder={t('template.sample', { name: v })}
          value={samples[v] ?? ''}
          onChange={(e) => setSamples((s) => ({ ...s, [v]: e.target.value }))}
        />
      ))}
      {text ? (
        <Typography.Paragraph
          style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
          data-testid="template-preview-text"
        >
          <Typography.Text type="secondary">{t('template.preview')}: </Typography.Text>
          {renderTemplate(text, filled)}
        </Typography.Paragraph>
      ) : null}
    </Space>
  );
}

/** Add or edit one template; staff (no company of their own) choose the company it is for. */
export function TemplateFormModal({ open, editing, onClose }: EntityModalProps<SmsTemplate>) {
  const { t } = useTranslation('smsTemplate');
  const save = useSaveTemplate();
  const pickCompany = useIsStaff() && !editing;
  const labels = {
    name: t('template.fields.name'),
    kinds: t('template.fields.kinds'),
    text: t('template.fields.text'),
    companyId: t('template.fields.companyId'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: smsTemplateInputSchema,
    labels,
    save: (values) =>
      save.mutateAsync({
        id: editing?.id,
        input: {
          name: values.name.trim(),
          kinds: values.kinds,
          text: values.text.trim(),
          ...(pickCompany && values.companyId ? { companyId: values.companyId } : {}),
        },
      }),
    successMessage: t('common.saved'),
    onClose,
    errorCodeFields: { TEMPLATE_NAME_TAKEN: 'name' },
  });
  const { form, rule } = entity;
  const text = Form.useWatch('text', form) ?? '';

  return (
    <FormModal
      entity={entity}
      title={editing ? t('template.editTitle') : t('template.createTitle')}
      width={640}
      testId="template-form"
    >
      {pickCompany ? (
        <CompanyItem
          label={labels.companyId}
          message={t('common.companyPlaceholder')}
          testId="template-company"
        />
      ) : null}
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={SMS_TEMPLATE_NAME_MAX} data-testid="template-name" />
      </Form.Item>
      <Form.Item name="kinds" label={labels.kinds} rules={[rule('kinds')]}>
        <Checkbox.Group
          options={SMS_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          data-testid="template-kinds"
        />
      </Form.Item>
      <Form.Item
        name="text"
        label={labels.text}
        rules={[rule('text')]}
        extra={editing ? `${t('template.textHint')} ${t('common.reviewAgainHint')}` : t('template.textHint')}
      >
        <Input.TextArea rows={4} maxLength={SMS_TEXT_MAX} showCount data-testid="template-text" />
      </Form.Item>
      <Preview text={text} />
    </FormModal>
  );
}
