import type { UpdatePasswordPayload } from '@switchboard/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Changes the password; the server then signs the user out everywhere, this session included. */
export function updatePassword(payload: UpdatePasswordPayload): Promise<unknown> {
  return api.post('/sys/user/updatePassword', payload, undefined, { retiresToken: true });
}

export function useUpdatePassword() {
  // The dialog shows the failure in an alert (a wrong old password, mostly).
  return useMutation({ mutationFn: updatePassword, meta: { errorDisplay: 'inline' } });
}
