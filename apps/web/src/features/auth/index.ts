export { newCheckKey, useCaptchaImage } from './api/get-captcha-image';
export { getUserPermissions, userPermissionsQuery, useUserPermissions } from './api/get-user-permissions';
export { logout } from './api/logout';
export { CaptchaImage } from './components/CaptchaImage';
export { endRevokedSession, useSignOut } from './hooks/use-sign-out';
