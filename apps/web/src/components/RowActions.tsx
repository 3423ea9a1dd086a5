import { DownOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@switchboard/contracts';
import { Button, Dropdown, Flex, type MenuProps, Popconfirm, type TableColumnType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useAccess } from './Can';

/** One thing a list row offers (edit, freeze, delete…). */
export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
  /** Asked first (antd Popconfirm); the action runs on OK. */
  confirm?: ReactNode;
  /** The rule guarding it: left out or disabled as `Can` would (spec's type 1 and type 2). */
  permission?: PermissionCode;
  disabled?: boolean;
  /** The link's `data-testid`, and the menu entry's on narrow screens. */
  testId?: string;
}

/** A row's actions; `false`, `null` and `undefined` are left out (actions of another state). */
export type RowActionList = readonly (RowAction | false | null | undefined)[];

type Shown = RowAction & { disabled: boolean };

function InlineAction({ action }: { action: Shown }) {
  const link = (
    <Button
      type="link"
      size="small"
      danger={action.danger}
      disabled={action.disabled}
      onClick={action.confirm ? undefined : action.onClick}
      data-testid={action.testId}
    >
      {action.label}
    </Button>
  );
  if (!action.confirm) return link;
  return (
    <Popconfirm
      title={action.confirm}
      onConfirm={action.onClick}
      okButtonProps={{ danger: action.danger }}
      disabled={action.disabled}
    >
      {link}
    </Popconfirm>
  );
}

/** On a phone: one 'More' button whose menu holds the actions; a confirmation opens at the button. */
function MoreMenu({ actions }: { actions: Shown[] }) {
  const { t } = useTranslation('common');
  const [pending, setPending] = useState<Shown | null>(null);
  const items: MenuProps['items'] = actions.map((action) => ({
    key: action.key,
    label: action.label,
    danger: action.danger,
    disabled: action.disabled,
    'data-testid': action.testId,
  }));
  const choose: MenuProps['onClick'] = ({ key }) => {
    const action = actions.find((a) => a.key === key);
    if (!action) return;
    if (action.confirm) setPending(action);
    else action.onClick();
  };
  return (
    <Popconfirm
      open={pending !== null}
      title={pending?.confirm}
      okButtonProps={{ danger: pending?.danger }}
      onConfirm={() => {
        pending?.onClick();
        setPending(null);
      }}
      onCancel={() => setPending(null)}
      // Opened by a menu choice only; a click outside or Escape closes it.
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
    >
      <Dropdown menu={{ items, onClick: choose }} trigger={['click']}>
        <Button type="link" size="small" data-testid="row-actions-more">
          {t('table.more')}
          <DownOutlined />
        </Button>
      </Dropdown>
    </Popconfirm>
  );
}

/**
 * A list row's actions: links side by side on wide screens; on a phone one 'More' menu, so the
 * actions column stays narrow beside the row's key columns. A single action stays a link.
 * Dangerous actions keep their Popconfirm in both forms.
 */
export function RowActions({ actions }: { actions: RowActionList }) {
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const access = useAccess();
  const shown: Shown[] = [];
  for (const action of actions) {
    if (!action) continue;
    const allowed = action.permission ? access(action.permission) : { visible: true, disabled: false };
    if (!allowed.visible) continue;
    shown.push({ ...action, disabled: Boolean(action.disabled) || allowed.disabled });
  }
  if (shown.length === 0) return null;
  if (mobile && shown.length > 1) return <MoreMenu actions={shown} />;
  return (
    <Flex gap={4} wrap={false}>
      {shown.map((action) => (
        <InlineAction key={action.key} action={action} />
      ))}
    </Flex>
  );
}

/**
 * The actions column of a list: last, as narrow as its links (a 'More' menu on a phone); on a
 * wide screen kept in view at the right edge while the row scrolls sideways, on a phone scrolled
 * with the row (DataTable fixes no column there).
 */
export function rowActionsColumn<T>(title: string, actions: (row: T) => RowActionList): TableColumnType<T> {
  return {
    title,
    key: 'actions',
    fixed: 'right',
    render: (_: unknown, row: T) => <RowActions actions={actions(row)} />,
  };
}

/** The Edit action of a row, under its permission. */
export const editAction = (
  label: string,
  permission: PermissionCode | undefined,
  onClick: () => void,
  testId?: string,
): RowAction => ({ key: 'edit', label, permission, onClick, testId });

/** The Delete action of a row (shown as dangerous), under its permission. */
export const deleteAction = (
  label: string,
  permission: PermissionCode | undefined,
  onClick: () => void,
  testId?: string,
): RowAction => ({ key: 'delete', label, permission, danger: true, onClick, testId });
