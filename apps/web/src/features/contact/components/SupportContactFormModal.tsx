import { SORT_MAX, SORT_MIN, supportContactInputSchema } from '@switchboard/contracts';
import { App, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { useShowError } from '@/lib/use-show-error';
import { schemaRule } from '@/lib/validation';
import { useSaveSupportContact } from '../api/save-support-contact';
import type { SupportContactInput, SupportContactRecord } from '../types';

const FIELDS = ['name', 'telegram', 'sort', 'enabled'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: SupportContactInput = { name: '', telegram: '', sort: 0, enabled: true };

/** Add or edit one support contact. */
export function SupportContactFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: SupportContactRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('contact');
  const { message } = App.useApp();
  const showError = useShowError();
  const [form] = Form.useForm<SupportContactInput>();
  const save = useSaveSupportContact();
  const labels = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, t(`admin.fields.${f}`)])), [t]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { name: editing.name, telegram: editing.telegram, sort: editing.sortNo, enabled: editing.enabled }
        : EMPTY,
    );
  }, [open, editing, form]);

  const rule = (field: Field) =>
    schemaRule({
      schema: supportContactInputSchema,
      field,
      values: () => ({ ...EMPTY, ...form.getFieldsValue(true) }),
      labels,
      locale: currentLocale,
    });

  const submit = async () => {
    const values = await form.validateFields();
    const input: SupportContactInput = {
      name: values.name.trim(),
      telegram: values.telegram.trim(),
      sort: values.sort ?? 0,
      enabled: values.enabled ?? true,
    };
    try {
      await save.mutateAsync({ id: editing?.id, input });
      void message.success(t('admin.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        form.setFields(
          error.fieldErrors
            .filter((p) => (FIELDS as readonly string[]).includes(p.field))
            .map((p) => ({ name: p.field as Field, errors: [p.message] })),
        );
      } else {
        showError(error);
      }
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('admin.editTitle') : t('admin.createTitle')}
      okText={t('admin.save')}
      cancelText={t('admin.cancel')}
      onOk={() => void submit().catch(() => {})}
      confirmLoading={save.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<SupportContactInput>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        data-testid="contact-form"
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
      </Form>
    </Modal>
  );
}
