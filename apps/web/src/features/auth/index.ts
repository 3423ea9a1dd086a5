export { newCheckKey, useCaptchaImage } from './api/get-captcha-image';
export {
  getUserPermissions,
  userPermissionsKey,
  userPermissionsQuery,
  useUserPermissions,
} from './api/get-user-permissions';
export { logout } from './api/logout';
export { usePasswordReset, useSendSmsCode } from './api/sms-code';
export { CaptchaImage } from './components/CaptchaImage';
export { errorText } from './components/LoginFormParts';
export { useCountdown } from './hooks/use-countdown';
export { endRevokedSession, useSignOut } from './hooks/use-sign-out';
