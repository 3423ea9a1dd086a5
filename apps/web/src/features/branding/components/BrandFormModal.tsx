import { type BrandInput, brandInputSchema } from '@switchboard/contracts';
import { App, Form, Input, Modal, Switch } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { useShowError } from '@/lib/use-show-error';
import { schemaRule } from '@/lib/validation';
import { useSaveBrand } from '../api/save-brand';
import type { BrandRecord } from '../types';
import { LogoUpload } from './LogoUpload';

const FIELDS = ['domain', 'brandName', 'logo', 'isMainBrand', 'hideRecharge', 'hideLanguage'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: BrandInput = {
  domain: '',
  brandName: '',
  logo: null,
  isMainBrand: false,
  hideRecharge: false,
  hideLanguage: false,
};

/** Add or edit the brand of one domain. */
export function BrandFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: BrandRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('branding');
  const { message } = App.useApp();
  const showError = useShowError();
  const [form] = Form.useForm<BrandInput>();
  const save = useSaveBrand();
  const labels = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)])), [t]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            domain: editing.domain,
            brandName: editing.brandName,
            logo: editing.logo ?? null,
            isMainBrand: editing.isMainBrand,
            hideRecharge: editing.hideRecharge,
            hideLanguage: editing.hideLanguage,
          }
        : EMPTY,
    );
  }, [open, editing, form]);

  const rule = (field: Field) =>
    schemaRule({
      schema: brandInputSchema,
      field,
      values: () => ({ ...EMPTY, ...form.getFieldsValue(true) }),
      labels,
      locale: currentLocale,
    });

  const submit = async () => {
    const values = await form.validateFields();
    const input: BrandInput = { ...EMPTY, ...values, domain: values.domain.trim().toLowerCase() };
    try {
      await save.mutateAsync({ id: editing?.id, input });
      void message.success(t('saved'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        form.setFields(
          error.fieldErrors
            .filter((p) => (FIELDS as readonly string[]).includes(p.field))
            .map((p) => ({ name: p.field as Field, errors: [p.message] })),
        );
      } else if (isApiError(error) && error.errorCode === 'BRAND_DOMAIN_EXISTS') {
        form.setFields([{ name: 'domain', errors: [error.message] }]);
      } else {
        showError(error);
      }
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('createTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit().catch(() => {})}
      confirmLoading={save.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<BrandInput> form={form} layout="vertical" initialValues={EMPTY} data-testid="brand-form">
        <Form.Item name="domain" label={labels.domain} rules={[rule('domain')]} extra={t('domainHint')}>
          <Input placeholder="console.example.com" />
        </Form.Item>
        <Form.Item name="brandName" label={labels.brandName} rules={[rule('brandName')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="logo" label={labels.logo} rules={[rule('logo')]} extra={t('logo.hint')}>
          <LogoUpload />
        </Form.Item>
        <Form.Item
          name="isMainBrand"
          label={labels.isMainBrand}
          valuePropName="checked"
          extra={t('mainBrandHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="hideRecharge" label={labels.hideRecharge} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="hideLanguage" label={labels.hideLanguage} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
