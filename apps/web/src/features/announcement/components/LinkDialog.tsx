import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { editorLinkAllowed } from '../editor/extensions';

interface LinkValues {
  href: string;
  text: string;
}

/**
 * The editor's link dialog (in place of the browser's prompt): an http(s) or mailto address, and
 * the text to show when nothing is selected. `href`: the link being edited, if any.
 */
export function LinkDialog({
  open,
  href,
  selectionEmpty,
  onApply,
  onCancel,
}: {
  open: boolean;
  href: string | undefined;
  selectionEmpty: boolean;
  onApply: (values: { href: string; text: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('notices');
  const [form] = Form.useForm<LinkValues>();
  // Text is asked for only when the link is new and nothing is selected to carry it.
  const askText = selectionEmpty && !href;

  useEffect(() => {
    if (open) form.setFieldsValue({ href: href ?? 'https://', text: '' });
  }, [open, href, form]);

  return (
    <Modal
      open={open}
      title={t('editor.linkDialog.title')}
      okText={t('editor.linkDialog.apply')}
      cancelText={t('editor.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="link-dialog"
    >
      <Form<LinkValues>
        form={form}
        layout="vertical"
        onFinish={(values) => onApply({ href: values.href.trim(), text: values.text?.trim() ?? '' })}
      >
        <Form.Item
          name="href"
          label={t('editor.linkDialog.url')}
          extra={t('editor.linkDialog.urlHint')}
          rules={[
            {
              validator: async (_: unknown, value: string | undefined) => {
                if (!editorLinkAllowed(value?.trim())) throw new Error(t('editor.linkDialog.invalid'));
              },
            },
          ]}
        >
          <Input autoFocus inputMode="url" autoComplete="url" />
        </Form.Item>
        {askText ? (
          <Form.Item name="text" label={t('editor.linkDialog.text')} extra={t('editor.linkDialog.textHint')}>
            <Input maxLength={200} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
