import { Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
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

/** The props of an add/edit dialog of one entity: `editing` is null when a new one is written. */
export interface EntityModalProps<E> {
  open: boolean;
  editing: E | null;
  onClose: () => void;
}

/**
 * Which entity an add/edit dialog is open for: `modal` is the dialog's props, `add()` opens it
 * empty, `edit(entity)` for that entity; closing forgets the entity.
 */
export function useEntityModal<E>() {
  const [state, setState] = useState<{ open: boolean; editing: E | null }>({ open: false, editing: null });
  const modal: EntityModalProps<E> = { ...state, onClose: () => setState({ open: false, editing: null }) };
  return {
    modal,
    add: () => setState({ open: true, editing: null }),
    edit: (entity: E) => setState({ open: true, editing: entity }),
  };
}
