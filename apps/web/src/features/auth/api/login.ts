import type { LoginPayload, LoginResult } from '@switchboard/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function login(payload: LoginPayload): Promise<LoginResult> {
  return apiClient.post<LoginResult>('/sys/login', payload);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
