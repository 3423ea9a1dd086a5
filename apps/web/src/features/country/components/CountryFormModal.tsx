import { type CountryInput, type CountryRecord, countryInputSchema } from '@switchboard/contracts';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useSaveCountry } from '../api/countries';

const EMPTY: CountryInput = { code: '', dialCode: '', nameEn: '', nameZh: '', enabled: true };

const valuesOf = (country: CountryRecord | null): CountryInput => (country ? { ...country } : EMPTY);

/** Add a country, or edit one's dial code, names and enabled flag (its ISO code is its identity). */
export function CountryFormModal({ open, editing, onClose }: EntityModalProps<CountryRecord>) {
  const { t } = useTranslation('country');
  const save = useSaveCountry();
  const labels = {
    code: t('fields.code'),
    dialCode: t('fields.dialCode'),
    nameEn: t('fields.nameEn'),
    nameZh: t('fields.nameZh'),
    enabled: t('fields.enabled'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: countryInputSchema,
    labels,
    save: (values) =>
      save.mutateAsync({
        isNew: editing === null,
        input: {
          code: values.code.trim().toUpperCase(),
          dialCode: values.dialCode.trim(),
          nameEn: values.nameEn.trim(),
          nameZh: values.nameZh.trim(),
          enabled: values.enabled ?? true,
        },
      }),
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { COUNTRY_CODE_TAKEN: 'code' },
  });
  const { rule } = entity;

  return (
    <FormModal entity={entity} title={editing ? t('editTitle') : t('createTitle')} testId="country-form">
      <Form.Item name="code" label={labels.code} rules={[rule('code')]}>
        <Input maxLength={2} disabled={editing !== null} style={{ width: 80 }} data-testid="country-code" />
      </Form.Item>
      <Form.Item name="dialCode" label={labels.dialCode} rules={[rule('dialCode')]}>
        <Input maxLength={5} prefix="+" style={{ width: 120 }} data-testid="country-dial-code" />
      </Form.Item>
      <Form.Item name="nameEn" label={labels.nameEn} rules={[rule('nameEn')]}>
        <Input maxLength={128} data-testid="country-name-en" />
      </Form.Item>
      <Form.Item name="nameZh" label={labels.nameZh} rules={[rule('nameZh')]}>
        <Input maxLength={128} data-testid="country-name-zh" />
      </Form.Item>
      <Form.Item name="enabled" label={labels.enabled} valuePropName="checked" extra={t('enabledHint')}>
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
