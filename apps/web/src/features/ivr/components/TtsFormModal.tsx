import {
  IVR_FILE_NAME_MAX,
  IVR_LANGUAGES,
  IVR_TTS_TEXT_MAX,
  type IvrLanguage,
  ivrTtsInputSchema,
} from '@switchboard/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { CompanyItem } from '@/features/sms-template';
import { useIsStaff } from '@/lib/session';
import { useCreateTts } from '../api/files';

interface Values {
  name: string;
  language: IvrLanguage;
  text: string;
  companyId?: string;
}

const EMPTY: Values = { name: '', language: 'en', text: '' };

/** A file spoken from text (up to 800 characters, counted as typed); staff choose the company. */
export function TtsFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('ivr');
  const create = useCreateTts();
  const pickCompany = useIsStaff();
  const labels = {
    name: t('files.fields.name'),
    language: t('files.fields.language'),
    text: t('files.fields.text'),
    companyId: t('files.fields.company'),
  };
  const entity = useEntityForm({
    open,
    editing: null,
    valuesOf: () => EMPTY,
    schema: ivrTtsInputSchema,
    labels,
    save: (values) =>
      create.mutateAsync({
        name: values.name.trim(),
        language: values.language,
        text: values.text.trim(),
        ...(pickCompany && values.companyId ? { companyId: values.companyId } : {}),
      }),
    successMessage: t('files.created'),
    onClose,
    errorCodeFields: { IVR_FILE_NAME_TAKEN: 'name', IVR_TTS_FAILED: 'text' },
  });
  const { rule } = entity;

  return (
    <FormModal
      entity={entity}
      title={t('files.ttsTitle')}
      okText={t('files.synthesize')}
      testId="ivr-tts-form"
    >
      {pickCompany ? (
        <CompanyItem label={labels.companyId} message={t('files.companyRequired')} testId="ivr-tts-company" />
      ) : null}
      <Form.Item name="name" label={labels.name} rules={[rule('name')]} extra={t('files.nameHint')}>
        <Input maxLength={IVR_FILE_NAME_MAX} data-testid="ivr-tts-name" />
      </Form.Item>
      <Form.Item name="language" label={labels.language} rules={[rule('language')]}>
        <Select
          options={IVR_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          data-testid="ivr-tts-language"
        />
      </Form.Item>
      <Form.Item
        name="text"
        label={labels.text}
        rules={[rule('text')]}
        extra={create.isPending ? t('files.synthesizing') : null}
      >
        <Input.TextArea rows={5} maxLength={IVR_TTS_TEXT_MAX} showCount data-testid="ivr-tts-text" />
      </Form.Item>
    </FormModal>
  );
}
