import type { LoginPayload, LoginResult } from '@switchboard/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function login(payload: LoginPayload): Promise<LoginResult> {
  return api.post('/sys/login', payload);
}

export function useLogin() {
  // The login page says why inline (and asks for a captcha or a code when the server wants one).
  return useMutation({ mutationFn: login, meta: { errorDisplay: 'inline' } });
}
