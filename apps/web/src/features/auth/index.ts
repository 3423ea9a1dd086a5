export { getUserPermissions, userPermissionsQuery, useUserPermissions } from './api/get-user-permissions';
export { logout } from './api/logout';
export { useSignOut } from './hooks/use-sign-out';
