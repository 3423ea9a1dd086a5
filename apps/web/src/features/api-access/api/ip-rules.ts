import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The API IP whitelist (not the login IP whitelist of the company). */
export const ipRulesKey = ['apiAccess', 'ipRules'] as const;

export const ipRulesQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...ipRulesKey, companyId ?? null] as const,
    queryFn: ({ signal }) => api.get('/sys/ipWhiteList/list', { companyId, pageSize: 100 }, signal),
  });

export function useAddIpRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId?: string; rule: string; note?: string }) =>
      api.post('/sys/ipWhiteList/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ipRulesKey }),
  });
}

export function useDeleteIpRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/sys/ipWhiteList/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ipRulesKey }),
  });
}
