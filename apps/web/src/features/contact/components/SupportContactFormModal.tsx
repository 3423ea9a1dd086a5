import {
  SORT_MAX,
  SORT_MIN,
  type SupportContactInput,
  type SupportContactRecord,
  supportContactInputSchema,
} from '@switchboard/contracts';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useSaveSupportContact } from '../api/save-support-contact';

const EMPTY: SupportContactInput = { name: '', telegram: '', sort: 0, enabled: true };

function valuesOf(contact: SupportContactRecord | null): SupportContactInput {
  if (!contact) return EMPTY;
  return { name: contact.name, telegram: contact.telegram, sort: contact.sortNo, enabled: contact.enabled };
}

/** Add or edit one support contact. */
export function SupportContactFormModal({ open, editing, onClose }: EntityModalProps<SupportContactRecord>) {
  const { t } = useTranslation('contact');
  const save = useSaveSupportContact();
  const labels = {
    name: t('admin.fields.name'),
    telegram: t('admin.fields.telegram'),
    sort: t('admin.fields.sort'),
    enabled: t('admin.fields.enabled'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: supportContactInputSchema,
    labels,
    save: (values) =>
      save.mutateAsync({
        id: editing?.id,
        input: {
          name: values.name.trim(),
          telegram: values.telegram.trim(),
          sort: values.sort ?? 0,
          enabled: values.enabled ?? true,
        },
      }),
    successMessage: t('admin.saved'),
    onClose,
  });
  const { rule } = entity;

  return (
    <FormModal
      entity={entity}
      title={editing ? t('admin.editTitle') : t('admin.createTitle')}
      testId="contact-form"
    >
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="telegram"
        label={labels.telegram}
        rules={[rule('telegram')]}
        extra={t('admin.telegramHint')}
      >
        <Input maxLength={128} placeholder="@support_name" />
      </Form.Item>
      <Form.Item name="sort" label={labels.sort} rules={[rule('sort')]} extra={t('admin.sortHint')}>
        <InputNumber min={SORT_MIN} max={SORT_MAX} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={labels.enabled} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
