import { UploadOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@switchboard/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from './Can';

/** Import: opens the list's ImportDialog; shown only with the import permission. */
export function ImportButton({ permission, onClick }: { permission: PermissionCode; onClick: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Can action={permission}>
      <Button icon={<UploadOutlined />} onClick={onClick} data-testid="import-button">
        {t('resource.import')}
      </Button>
    </Can>
  );
}
