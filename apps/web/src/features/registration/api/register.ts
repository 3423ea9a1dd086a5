import type { RegisterPayload, RegisterResult } from '@switchboard/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function registerCompany(payload: RegisterPayload): Promise<RegisterResult> {
  return api.post('/sys/user/register', payload);
}

export function useRegisterCompany() {
  // The page puts field errors beside the fields and anything else in an alert.
  return useMutation({ mutationFn: registerCompany, meta: { errorDisplay: 'inline' } });
}
