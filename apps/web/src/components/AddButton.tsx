import { PlusOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@switchboard/contracts';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Can } from './Can';

/**
 * A list's Add: its toolbar's primary button (a plus before the feature's words), shown as `Can`
 * shows it for the permission. Beside ExportButton, ImportButton and BatchDeleteButton.
 */
export function AddButton({
  permission,
  onClick,
  disabled,
  testId,
  children,
}: {
  permission: PermissionCode;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Can action={permission}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      >
        {children}
      </Button>
    </Can>
  );
}
