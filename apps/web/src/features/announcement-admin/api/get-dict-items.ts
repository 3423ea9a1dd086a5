import type { DictItem } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Dictionary items (cacheable: the api client sends this call without `_t`). */
export function getDictItems(code: string, signal?: AbortSignal): Promise<DictItem[]> {
  return apiClient.get<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, undefined, signal);
}

/** Keyed by language too: the server answers in the request's language. */
export const dictItemsQuery = (code: string, locale: string) =>
  queryOptions({
    queryKey: ['dict', code, locale],
    queryFn: ({ signal }) => getDictItems(code, signal),
    staleTime: 10 * 60_000,
    meta: { errorDisplay: 'inline' },
  });

export function useDictItems(code: string, locale: string) {
  return useQuery(dictItemsQuery(code, locale));
}
