import type { SmsSenderInput } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const SENDER_EXPORT_PATH = '/sms/sender/exportXls';
export const SENDER_IMPORT_PATH = '/sms/sender/importExcel';

export const senderListKey = ['smsSenders', 'list'] as const;

export const listSendersQuery = listQuery('/sms/sender/list', senderListKey);

function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: senderListKey });
}

export function useReloadSenders() {
  return useReload();
}

/** Adds when `id` is missing, else edits (a new sender id goes back to review). */
export function useSaveSender() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SmsSenderInput }) => {
      if (!id) return api.post('/sms/sender/add', input);
      const { companyId: _company, ...rest } = input;
      return api.put('/sms/sender/edit', { ...rest, id });
    },
    meta: { errorDisplay: 'inline' },
    onSuccess: reload,
  });
}

export function useDeleteSender() {
  return useMutation({
    mutationFn: (id: string) => api.delete('/sms/sender/delete', { id }),
    onSuccess: useReload(),
  });
}

export function useDeleteSenders() {
  return useMutation({
    mutationFn: (ids: string[]) => api.delete('/sms/sender/deleteBatch', { ids: ids.join(',') }),
    onSuccess: useReload(),
  });
}

export function useApproveSender() {
  return useMutation({
    mutationFn: (id: string) => api.put('/sms/sender/approve', { id }),
    onSuccess: useReload(),
  });
}

export function useRejectSender() {
  return useMutation({
    mutationFn: (body: { id: string; reason: string }) => api.put('/sms/sender/reject', body),
    onSuccess: useReload(),
  });
}
