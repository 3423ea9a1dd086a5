import type { IvrFlowInput } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const ivrFlowListKey = ['ivrFlows', 'list'] as const;

export const listIvrFlowsQuery = listQuery('/voip/ivrFlow/list', ivrFlowListKey);

function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ivrFlowListKey });
}

/** Adds when `id` is missing, else edits (the company stays). */
export function useSaveFlow() {
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: IvrFlowInput }) => {
      if (!id) return api.post('/voip/ivrFlow/add', input);
      const { companyId: _company, ...rest } = input;
      return api.put('/voip/ivrFlow/edit', { ...rest, id });
    },
    meta: { errorDisplay: 'inline' },
    onSuccess: useReload(),
  });
}

export function useDeleteFlow() {
  return useMutation({
    mutationFn: (id: string) => api.delete('/voip/ivrFlow/delete', { id }),
    onSuccess: useReload(),
  });
}
