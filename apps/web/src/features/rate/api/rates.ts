import type {
  Page,
  Rate,
  RateBatchEdit,
  RateInput,
  RateListQuery,
  RateQuote,
  RateQuoteQuery,
} from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type QueryValue } from '@/lib/api-client';
import { rateGroupListKey } from './rate-groups';

export const RATE_LIST_PATH = '/sys/feerate/list';
/** A group's rates as .xlsx (the list's filters and sort) and an import of a file into a group. */
export const RATE_EXPORT_PATH = '/sys/feerate/exportXls';
export const RATE_IMPORT_PATH = '/sys/feerate/importExcel';
export const rateListKey = ['rates', 'list'] as const;

/** One page of a group's rates; nothing is asked until a group is chosen. */
export function listRatesQuery(params: RateListQuery) {
  return queryOptions({
    queryKey: [...rateListKey, params] as const,
    queryFn: ({ signal }) =>
      apiClient.get<Page<Rate>>(RATE_LIST_PATH, params as Record<string, QueryValue>, signal),
    enabled: Boolean(params.groupId),
  });
}

async function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  await queryClient.invalidateQueries({ queryKey: rateListKey });
  await queryClient.invalidateQueries({ queryKey: rateGroupListKey });
}

export function useSaveRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, groupId, input }: { id?: string; groupId: string; input: RateInput }) =>
      id
        ? apiClient.put<Rate>('/sys/feerate/edit', { ...input, id })
        : apiClient.post<Rate>('/sys/feerate/add', { ...input, groupId }),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => invalidate(queryClient),
  });
}

export function useDeleteRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? apiClient.delete<null>('/sys/feerate/delete', { id: ids[0]! })
        : apiClient.delete<{ deleted: number }>('/sys/feerate/deleteBatch', { ids: ids.join(',') }),
    onSuccess: () => invalidate(queryClient),
  });
}

/** After an import: the group's rates and the groups' rate counts reload. */
export function useReloadRates() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient);
}

export function useBatchEditRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RateBatchEdit) => apiClient.put<{ updated: number }>('/sys/feerate/batchEdit', input),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useQuote() {
  return useMutation({
    mutationFn: (query: RateQuoteQuery) =>
      apiClient.get<RateQuote>('/sys/feerate/quote', query as Record<string, string>),
  });
}
