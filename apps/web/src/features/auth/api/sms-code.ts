import type {
  LoginResult,
  PasswordResetPayload,
  PhoneLoginPayload,
  SmsCodeRequest,
} from '@switchboard/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /sys/sms: a code to a phone (sign-in or password reset). */
export function useSendSmsCode() {
  return useMutation({
    mutationFn: (payload: SmsCodeRequest) =>
      apiClient.post<{ resendAfter: number; expiresIn: number }>('/sys/sms', payload),
    meta: { errorDisplay: 'inline' },
  });
}

export function usePhoneLogin() {
  return useMutation({
    mutationFn: (payload: PhoneLoginPayload) => apiClient.post<LoginResult>('/sys/phoneLogin', payload),
    meta: { errorDisplay: 'inline' },
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (payload: PasswordResetPayload) => apiClient.post<null>('/sys/user/passwordReset', payload),
    meta: { errorDisplay: 'inline' },
  });
}
