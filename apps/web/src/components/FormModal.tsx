import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * The dialog around an entity form (see useEntityForm): OK saves, Cancel closes; the form is
 * rendered while closed too, so its instance is always connected.
 */
export function FormModal<V extends object>({
  form,
  open,
  title,
  okText,
  cancelText,
  saving,
  onSubmit,
  onCancel,
  initialValues,
  width,
  testId,
  children,
}: {
  form: FormInstance<V>;
  open: boolean;
  title: ReactNode;
  okText: ReactNode;
  cancelText: ReactNode;
  saving: boolean;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  initialValues: V;
  width?: string | number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText}
      cancelText={cancelText}
      onOk={() => void onSubmit()}
      confirmLoading={saving}
      onCancel={onCancel}
      forceRender
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} data-testid={testId}>
        {children}
      </Form>
    </Modal>
  );
}
