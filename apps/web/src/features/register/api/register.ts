import type { RegisterPayload } from '@switchboard/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface RegisterResult {
  companyId: string;
  username: string;
  email: string;
  approvalStatus: string;
}

export function registerCompany(payload: RegisterPayload): Promise<RegisterResult> {
  return apiClient.post<RegisterResult>('/sys/user/register', payload);
}

export function useRegisterCompany() {
  return useMutation({ mutationFn: registerCompany });
}
