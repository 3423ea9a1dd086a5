import { UploadOutlined } from '@ant-design/icons';
import {
  IVR_FILE_NAME_MAX,
  IVR_LANGUAGES,
  IVR_UPLOAD_MAX_BYTES,
  type IvrLanguage,
  ivrFileName,
} from '@switchboard/contracts';
import { App, Button, Form, Input, Modal, Progress, Select, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyItem } from '@/features/sms-template';
import { useIsStaff } from '@/lib/session';
import { useUploadWav } from '../api/files';

interface Values {
  name: string;
  language: IvrLanguage;
  companyId?: string;
}

const MAX_MB = IVR_UPLOAD_MAX_BYTES / 1024 / 1024;

/** Upload one wav (any rate and width; converted to 8 kHz G.711 by the server). */
export function UploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('ivr');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const uploadWav = useUploadWav();
  const pickCompany = useIsStaff();

  useEffect(() => {
    if (open) {
      form.resetFields();
      setFile(null);
      setProgress(0);
      setError(null);
    }
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setError(t('files.fileRequired'));
      return;
    }
    setError(null);
    try {
      await uploadWav.mutateAsync({
        file,
        query: {
          name: values.name.trim(),
          language: values.language,
          ...(pickCompany && values.companyId ? { companyId: values.companyId } : {}),
        },
        onProgress: (f) => setProgress(Math.round(f * 100)),
      });
      void message.success(t('files.uploaded'));
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal
      open={open}
      title={t('files.uploadTitle')}
      okText={t('files.upload')}
      cancelText={t('common.cancel')}
      confirmLoading={uploadWav.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      data-testid="ivr-upload-form"
    >
      <Form form={form} layout="vertical" initialValues={{ name: '', language: 'en' }}>
        {pickCompany ? (
          <CompanyItem
            label={t('files.fields.company')}
            message={t('files.companyRequired')}
            testId="ivr-upload-company"
          />
        ) : null}
        <Form.Item
          name="name"
          label={t('files.fields.name')}
          extra={t('files.nameHint')}
          rules={[
            {
              validator: async (_r, value: string) => {
                if (!ivrFileName.safeParse(value ?? '').success) throw new Error(t('files.nameRule'));
              },
            },
          ]}
        >
          <Input maxLength={IVR_FILE_NAME_MAX} data-testid="ivr-upload-name" />
        </Form.Item>
        <Form.Item name="language" label={t('files.fields.language')}>
          <Select options={IVR_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))} />
        </Form.Item>
        <Upload
          accept=".wav,audio/wav,audio/x-wav"
          maxCount={1}
          beforeUpload={(f) => {
            if (f.size > IVR_UPLOAD_MAX_BYTES) {
              setError(t('files.tooLarge', { max: MAX_MB }));
              return Upload.LIST_IGNORE;
            }
            setFile(f);
            setError(null);
            if (!form.getFieldValue('name')) {
              const base = f.name
                .replace(/\.[^.]*$/, '')
                .replace(/[^A-Za-z0-9_]/g, '_')
                .slice(0, IVR_FILE_NAME_MAX);
              form.setFieldValue('name', base);
            }
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />} data-testid="ivr-upload-pick">
            {t('files.pick', { max: MAX_MB })}
          </Button>
        </Upload>
        {uploadWav.isPending ? <Progress percent={progress} size="small" /> : null}
        {error ? (
          <Typography.Paragraph type="danger" style={{ marginTop: 8 }} data-testid="ivr-upload-error">
            {error}
          </Typography.Paragraph>
        ) : null}
      </Form>
    </Modal>
  );
}
