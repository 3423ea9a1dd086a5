import { cloneElement, isValidElement, type ReactElement, type ReactNode, useContext } from 'react';
import { type Access, accessTo } from '@/lib/permissions';
import { PermissionsContext } from '@/lib/permissions-context';

/** Whether the signed-in user may see and use a control guarded by `action`. */
export function useCan(action: string): Access {
  const permissions = useContext(PermissionsContext);
  if (!permissions) return { visible: false, disabled: true };
  return accessTo(action, permissions.auth, permissions.allAuth);
}

/**
 * Renders its child when the action allows it: removed for a type 1 rule that is not granted,
 * disabled (the child gets `disabled`) for a type 2 rule that is not granted.
 */
export function Can({ action, children }: { action: string; children: ReactNode }) {
  const { visible, disabled } = useCan(action);
  if (!visible) return null;
  if (disabled && isValidElement(children)) {
    return cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true });
  }
  return <>{children}</>;
}
