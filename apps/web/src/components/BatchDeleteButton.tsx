import { DeleteOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@switchboard/contracts';
import { App, Button } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from './Can';

export interface BatchDeleteButtonProps {
  /** The selected rows' keys (the toolbar context's `selectedKeys`). */
  selectedKeys: Key[];
  /** Deletes them (all or none: `{group}/deleteBatch?ids=`); rejects to keep the dialog's error. */
  onDelete: (ids: string[]) => Promise<unknown>;
  /** Called once they are gone (the toolbar context's `clearSelection`). */
  onDone: () => void;
  permission?: PermissionCode;
}

/** "Delete selected (n)", shown while rows are selected, after a confirmation naming the count. */
export function BatchDeleteButton({ selectedKeys, onDelete, onDone, permission }: BatchDeleteButtonProps) {
  const { t } = useTranslation('common');
  const { modal, message } = App.useApp();
  if (selectedKeys.length === 0) return null;
  const count = selectedKeys.length;
  const button = (
    <Button
      danger
      icon={<DeleteOutlined />}
      data-testid="batch-delete"
      onClick={() =>
        modal.confirm({
          title: t('resource.deleteSelectedTitle'),
          content: t('resource.deleteSelectedConfirm', { count }),
          okText: t('resource.delete'),
          okButtonProps: { danger: true, 'data-testid': 'batch-delete-ok' } as { danger: boolean },
          cancelText: t('resource.cancel'),
          onOk: () =>
            onDelete(selectedKeys.map(String)).then(
              () => {
                onDone();
                void message.success(t('resource.deleted', { count }));
              },
              // The query client shows the failure; the dialog closes.
              () => {},
            ),
        })
      }
    >
      {t('resource.deleteSelected', { count })}
    </Button>
  );
  return permission ? <Can action={permission}>{button}</Can> : button;
}
