import { DownloadOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@switchboard/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError, type PathsWith, type QueryOf, type QueryValue } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { Can } from './Can';

export interface ExportButtonProps {
  /** The group's export path (`/sys/supportContact/exportXls`). */
  path: PathsWith<'get'>;
  /** The list's current filters and sort (the toolbar context's `params`). */
  params: Record<string, QueryValue>;
  /** The export's permission code; without it the button is shown to whoever sees the list. */
  permission?: PermissionCode;
  /** Adjusts the parameters just before the download (a time-based list's default window). */
  prepare?: (params: Record<string, QueryValue>) => Record<string, QueryValue>;
  testId?: string;
}

/**
 * Export: downloads the .xlsx of what the list shows (its filters and sort, every page) through
 * the API client, spinning while the file is made; a refusal (too many rows, a window too wide)
 * is shown as the server says it.
 */
export function ExportButton({
  path,
  params,
  permission,
  prepare,
  testId = 'export-button',
}: ExportButtonProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      // The toolbar's parameters are the list's filters and sort, which its export route takes.
      const query = (prepare ? prepare(params) : params) as QueryOf<'get', PathsWith<'get'>>;
      const file = await api.download(path, query);
      saveFile(file.blob, file.filename);
      notify.success(t('resource.exported', { name: file.filename }));
    } catch (error) {
      notify.error(isApiError(error) ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
      {busy ? t('resource.exporting') : t('resource.export')}
    </Button>
  );
  return permission ? <Can action={permission}>{button}</Can> : button;
}
