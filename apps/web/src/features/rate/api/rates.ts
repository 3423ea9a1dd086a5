import type { RateBatchEdit } from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type QueryOf } from '@/lib/api-client';
import { rateGroupListKey } from './rate-groups';

export const RATE_LIST_PATH = '/sys/feerate/list';

/** One rate as the add and edit routes take it (without its group or id). */
export type RateBody = Omit<BodyOf<'post', '/sys/feerate/add'>, 'groupId'>;
/** A group's rates as .xlsx (the list's filters and sort) and an import of a file into a group. */
export const RATE_EXPORT_PATH = '/sys/feerate/exportXls';
export const RATE_IMPORT_PATH = '/sys/feerate/importExcel';
export const rateListKey = ['rates', 'list'] as const;

/** One page of a group's rates; nothing is asked until a group is chosen. */
export function listRatesQuery(params: NonNullable<QueryOf<'get', typeof RATE_LIST_PATH>>) {
  return queryOptions({
    queryKey: [...rateListKey, params] as const,
    queryFn: ({ signal }) => api.get(RATE_LIST_PATH, params, signal),
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
    mutationFn: ({ id, groupId, input }: { id?: string; groupId: string; input: RateBody }) =>
      id
        ? api.put('/sys/feerate/edit', { ...input, id })
        : api.post('/sys/feerate/add', { ...input, groupId }),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => invalidate(queryClient),
  });
}

export function useDeleteRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? api.delete('/sys/feerate/delete', { id: ids[0]! })
        : api.delete('/sys/feerate/deleteBatch', { ids: ids.join(',') }),
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
    mutationFn: (input: RateBatchEdit) => api.put('/sys/feerate/batchEdit', input),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useQuote() {
  return useMutation({
    mutationFn: (query: QueryOf<'get', '/sys/feerate/quote'>) => api.get('/sys/feerate/quote', query),
  });
}
