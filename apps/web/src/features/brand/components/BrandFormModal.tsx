import { type BrandInput, type BrandRecord, brandInputSchema } from '@switchboard/contracts';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useSaveBrand } from '../api/save-brand';
import { LogoUpload } from './LogoUpload';

const EMPTY: BrandInput = {
  domain: '',
  brandName: '',
  logo: null,
  isMainBrand: false,
  hideRecharge: false,
  hideLanguage: false,
};

function valuesOf(brand: BrandRecord | null): BrandInput {
  if (!brand) return EMPTY;
  return {
    domain: brand.domain,
    brandName: brand.brandName,
    logo: brand.logo ?? null,
    isMainBrand: brand.isMainBrand,
    hideRecharge: brand.hideRecharge,
    hideLanguage: brand.hideLanguage,
  };
}

/** Add or edit the brand of one domain. */
export function BrandFormModal({ open, editing, onClose }: EntityModalProps<BrandRecord>) {
  const { t } = useTranslation('branding');
  const save = useSaveBrand();
  const labels = {
    domain: t('fields.domain'),
    brandName: t('fields.brandName'),
    logo: t('fields.logo'),
    isMainBrand: t('fields.isMainBrand'),
    hideRecharge: t('fields.hideRecharge'),
    hideLanguage: t('fields.hideLanguage'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: brandInputSchema,
    labels,
    save: (values) =>
      save.mutateAsync({
        id: editing?.id,
        input: { ...EMPTY, ...values, domain: values.domain.trim().toLowerCase() },
      }),
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { BRAND_DOMAIN_EXISTS: 'domain' },
  });
  const { rule } = entity;

  return (
    <FormModal entity={entity} title={editing ? t('editTitle') : t('createTitle')} testId="brand-form">
      <Form.Item name="domain" label={labels.domain} rules={[rule('domain')]} extra={t('domainHint')}>
        <Input placeholder="console.example.com" />
      </Form.Item>
      <Form.Item name="brandName" label={labels.brandName} rules={[rule('brandName')]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="logo" label={labels.logo} rules={[rule('logo')]} extra={t('logo.hint')}>
        <LogoUpload name="logo" />
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
    </FormModal>
  );
}
