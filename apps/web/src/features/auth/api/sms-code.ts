import type { PasswordResetPayload, PhoneLoginPayload, SmsCodeRequest } from '@switchboard/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /sys/sms: a code to a phone (sign-in or password reset). */
export function useSendSmsCode() {
  return useMutation({
    mutationFn: (payload: SmsCodeRequest) => api.post('/sys/sms', payload),
    meta: { errorDisplay: 'inline' },
  });
}

export function usePhoneLogin() {
  return useMutation({
    mutationFn: (payload: PhoneLoginPayload) => api.post('/sys/phoneLogin', payload),
    meta: { errorDisplay: 'inline' },
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (payload: PasswordResetPayload) => api.post('/sys/user/passwordReset', payload),
    meta: { errorDisplay: 'inline' },
  });
}
