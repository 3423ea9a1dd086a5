import type { PermissionCode } from '@switchboard/contracts';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useContext } from 'react';
import { type Access, accessTo } from '@/lib/permissions';
import { PermissionsContext } from '@/lib/permissions-context';

/** Whether the signed-in user may see and use a control guarded by `action`. */
export function useCan(action: PermissionCode): Access {
  return useAccess()(action);
}

/** `useCan` for a list of controls (a row's actions): what each action allows. */
export function useAccess(): (action: PermissionCode) => Access {
  const permissions = useContext(PermissionsContext);
  return (action) =>
    permissions
      ? accessTo(action, permissions.auth, permissions.allAuth)
      : { visible: false, disabled: true };
}

/**
 * Renders its child when the action allows it: removed for a type 1 rule that is not granted,
 * disabled (the child gets `disabled`) for a type 2 rule that is not granted.
 */
export function Can({ action, children }: { action: PermissionCode; children: ReactNode }) {
  const { visible, disabled } = useCan(action);
  if (!visible) return null;
  if (disabled && isValidElement(children)) {
    return cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true });
  }
  return <>{children}</>;
}
