import { App } from 'antd';
import type { ReactNode } from 'react';

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
