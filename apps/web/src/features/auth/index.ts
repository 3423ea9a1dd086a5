export {
  getUserPermissions,
  userPermissionsKey,
  userPermissionsQuery,
  useUserPermissions,
} from './api/get-user-permissions';
export { logout } from './api/logout';
export { usePasswordReset, useSendSmsCode } from './api/sms-code';
export { CaptchaCheck } from './components/CaptchaCheck';
export { errorText } from './components/LoginFormParts';
export { useCaptcha } from './hooks/use-captcha';
export { useCountdown } from './hooks/use-countdown';
export { endRevokedSession, useSignOut } from './hooks/use-sign-out';
