import { UploadOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@switchboard/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from './Can';
import { ImportDialog, type ImportDialogProps } from './ImportDialog';

/**
 * Import: opens the list's ImportDialog (the dialog's props but `open` and `onClose`); shown only
 * with the import permission.
 */
export function ImportButton({
  permission,
  ...dialog
}: { permission: PermissionCode } & Omit<ImportDialogProps, 'open' | 'onClose'>) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Can action={permission}>
        <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="import-button">
          {t('resource.import')}
        </Button>
      </Can>
      <ImportDialog {...dialog} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
