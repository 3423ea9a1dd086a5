import { UploadOutlined } from '@ant-design/icons';
import { ANNOUNCEMENT_INLINE_IMAGE_MAX_BYTES } from '@switchboard/contracts';
import { Button, Form, Input, Modal, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readAsDataUrl } from '@/lib/read-file';
import { editorImageAllowed, pictureProblem } from '../editor/extensions';

interface ImageValues {
  url: string;
  alt: string;
}

const KB = Math.round(ANNOUNCEMENT_INLINE_IMAGE_MAX_BYTES / 1024);

/**
 * The editor's picture dialog: a picture by its https address, or a small one uploaded inline
 * (a data: URL), with a description for screen readers.
 */
export function ImageDialog({
  open,
  onInsert,
  onCancel,
}: {
  open: boolean;
  onInsert: (picture: { src: string; alt: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('notices');
  const [form] = Form.useForm<ImageValues>();
  const [uploaded, setUploaded] = useState<{ name: string; src: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setUploaded(null);
  }, [open, form]);

  const refuse = (text: string) => form.setFields([{ name: 'url', errors: [text] }]);

  return (
    <Modal
      open={open}
      title={t('editor.imageDialog.title')}
      okText={t('editor.imageDialog.insert')}
      cancelText={t('editor.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="image-dialog"
    >
      <Form<ImageValues>
        form={form}
        layout="vertical"
        initialValues={{ url: '', alt: '' }}
        onFinish={(values) => {
          const src = uploaded?.src ?? values.url.trim();
          onInsert({ src, alt: values.alt?.trim() ?? '' });
        }}
      >
        <Form.Item
          name="url"
          label={t('editor.imageDialog.url')}
          extra={t('editor.imageDialog.urlHint')}
          rules={[
            {
              validator: async (_: unknown, value: string | undefined) => {
                const url = value?.trim() ?? '';
                if (uploaded && !url) return;
                if (!url) throw new Error(t('editor.imageDialog.required'));
                if (!/^https:\/\//i.test(url) || !editorImageAllowed(url))
                  throw new Error(t('editor.imageDialog.invalidUrl'));
              },
            },
          ]}
        >
          <Input inputMode="url" disabled={uploaded !== null} placeholder="https://" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('editor.imageDialog.or')}
        </Typography.Paragraph>
        <Form.Item extra={t('editor.imageDialog.uploadHint', { kb: KB })}>
          <Upload
            accept="image/png,image/jpeg,image/gif,image/webp"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              const why = pictureProblem(file);
              if (why) {
                refuse(why === 'size' ? t('editor.pictureTooLarge', { kb: KB }) : t('editor.pictureBadType'));
                return Upload.LIST_IGNORE;
              }
              readAsDataUrl(file).then(
                (src) => {
                  if (!editorImageAllowed(src)) return refuse(t('editor.pictureBadType'));
                  setUploaded({ name: file.name, src });
                  form.setFields([{ name: 'url', value: '', errors: [] }]);
                },
                () => refuse(t('editor.pictureUnreadable')),
              );
              return false; // nothing is sent: the picture goes into the announcement itself
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="image-upload">
              {t('editor.imageDialog.upload')}
            </Button>
          </Upload>
          {uploaded ? (
            <Typography.Text style={{ marginInlineStart: 8 }} data-testid="image-chosen">
              {t('editor.imageDialog.chosen', { name: uploaded.name })}
            </Typography.Text>
          ) : null}
        </Form.Item>
        <Form.Item name="alt" label={t('editor.imageDialog.alt')} extra={t('editor.imageDialog.altHint')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
