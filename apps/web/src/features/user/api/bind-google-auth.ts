import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateUserInfo } from '@/lib/session';

export function bindGoogleAuth(code: string): Promise<unknown> {
  return api.post('/sys/user/googleAuth/bind', { code });
}

export function useBindGoogleAuth() {
  return useMutation({
    mutationFn: bindGoogleAuth,
    // The card shows the failure (a wrong code) in an alert.
    meta: { errorDisplay: 'inline' },
    onSuccess: () => updateUserInfo({ googleAuthBound: true }),
  });
}
