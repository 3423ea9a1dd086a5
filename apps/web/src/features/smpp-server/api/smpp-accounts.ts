import type { SmppAccountEdit, SmppAccountInput } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const SMPP_ACCOUNT_LIST_PATH = '/sys/smppAccount/list';
export const SMPP_ACCOUNT_EXPORT_PATH = '/sys/smppAccount/exportXls';

/** Every page of the list: invalidated after a change. */
export const smppAccountListKey = ['smppAccounts', 'list'] as const;

export const listSmppAccountsQuery = listQuery(SMPP_ACCOUNT_LIST_PATH, smppAccountListKey);

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: smppAccountListKey });
}

/** Adds (no id) or edits (the password only when typed). */
export function useSaveSmppAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: string; add?: SmppAccountInput; edit?: SmppAccountEdit }) =>
      input.id
        ? api.put('/sys/smppAccount/edit', { ...input.edit, id: input.id })
        : api.post('/sys/smppAccount/add', input.add),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

export function useDeleteSmppAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete('/sys/smppAccount/delete', { id }),
    onSuccess: invalidate,
  });
}

export function useDeleteSmppAccounts() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: string[]) => api.delete('/sys/smppAccount/deleteBatch', { ids: ids.join(',') }),
    onSuccess: invalidate,
  });
}
