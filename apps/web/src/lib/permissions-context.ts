import type { UserPermissions } from '@switchboard/contracts';
import { createContext, useContext } from 'react';

/** Menu and button permissions loaded at sign-in (provided by the app's `RequireAuth`). */
export const PermissionsContext = createContext<UserPermissions | null>(null);

/** Menu and button permissions loaded at sign-in; only available below `RequireAuth`. */
export function usePermissions(): UserPermissions {
  const permissions = useContext(PermissionsContext);
  if (!permissions) throw new Error('usePermissions() used outside RequireAuth');
  return permissions;
}
