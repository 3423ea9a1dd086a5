import type { PermissionCode } from '@switchboard/contracts';
import { App } from 'antd';
import type { CustomTypeOptions } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAction, type RowAction } from './RowActions';

/** What a deletion's confirmation says, in the feature's words. */
export interface DeleteTexts {
  title?: ReactNode;
  content: ReactNode;
  ok: string;
  cancel: string;
  /** Said once deleted. */
  done: string;
}

/**
 * Asks before a row is deleted (OK shown as dangerous), then deletes and says so. A failure is
 * shown by the query client's error display; the dialog closes either way.
 */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  return (texts: DeleteTexts, remove: () => Promise<unknown>) =>
    modal.confirm({
      title: texts.title,
      content: texts.content,
      okText: texts.ok,
      okButtonProps: { danger: true },
      cancelText: texts.cancel,
      onOk: () =>
        remove().then(
          () => void message.success(texts.done),
          () => {},
        ),
    });
}

type Resources = CustomTypeOptions['resources'];
type DeleteWording = Record<'delete' | 'deleteTitle' | 'deleteConfirm' | 'cancel' | 'deleted', string>;

/**
 * The namespaces that word a deletion with the usual keys: `delete` (the action and OK),
 * `deleteTitle`, `deleteConfirm` (naming the row as `{{name}}`), `cancel` and `deleted`.
 */
export type DeleteNamespace = {
  [N in keyof Resources]: Resources[N] extends DeleteWording ? N : never;
}[keyof Resources];

/**
 * A row's Delete action (useConfirmDelete's dialog, then `remove`) in the usual words of the
 * feature's namespace: `deleteRow(permission, row's name, remove)`.
 */
export function useDeleteAction(ns: DeleteNamespace) {
  const { t } = useTranslation(ns);
  const confirm = useConfirmDelete();
  return (
    permission: PermissionCode,
    name: string,
    remove: () => Promise<unknown>,
    testId?: string,
  ): RowAction =>
    deleteAction(
      t('delete'),
      permission,
      () =>
        confirm(
          {
            title: t('deleteTitle'),
            content: t('deleteConfirm', { name }),
            ok: t('delete'),
            cancel: t('cancel'),
            done: t('deleted'),
          },
          remove,
        ),
      testId,
    );
}
