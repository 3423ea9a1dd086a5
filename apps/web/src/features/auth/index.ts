export { getUserPermissions, userPermissionsQuery, useUserPermissions } from './api/get-user-permissions';
export { logout } from './api/logout';
export { endRevokedSession, useSignOut } from './hooks/use-sign-out';
