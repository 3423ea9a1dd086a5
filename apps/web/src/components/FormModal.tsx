import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityForm } from './use-entity-form';

/**
 * The dialog around an entity form (see useEntityForm), which it takes whole: OK saves, Cancel
 * closes, the OK button spins while saving. The form is rendered while closed too, so its instance
 * is always connected. The buttons say Save and Cancel unless told otherwise.
 */
export function FormModal<V extends object>({
  entity,
  title,
  okText,
  cancelText,
  width,
  testId,
  children,
}: {
  entity: EntityForm<V>;
  title: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  width?: string | number;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={entity.open}
      title={title}
      width={width}
      okText={okText ?? t('actions.save')}
      cancelText={cancelText ?? t('actions.cancel')}
      onOk={() => void entity.submit()}
      confirmLoading={entity.saving}
      onCancel={entity.close}
      forceRender
    >
      <Form<V> form={entity.form} layout="vertical" initialValues={entity.initialValues} data-testid={testId}>
        {children}
      </Form>
    </Modal>
  );
}
