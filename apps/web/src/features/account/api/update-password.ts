import type { UpdatePasswordPayload } from '@switchboard/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function updatePassword(payload: UpdatePasswordPayload): Promise<unknown> {
  return apiClient.post<unknown>('/sys/user/updatePassword', payload);
}

export function useUpdatePassword() {
  // The dialog shows the failure in an alert (a wrong old password, mostly).
  return useMutation({ mutationFn: updatePassword, meta: { errorDisplay: 'inline' } });
}
