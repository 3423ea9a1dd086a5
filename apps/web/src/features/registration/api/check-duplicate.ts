import type { DuplicateCheckQuery } from '@switchboard/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/**
 * Whether the value is still free. Only "this value already exists" counts as taken: if the
 * check itself fails the form goes on, and the server checks again when the form is sent.
 */
export async function isValueFree(check: DuplicateCheckQuery, signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get('/sys/duplicate/check', { ...check }, signal);
    return true;
  } catch (error) {
    if (isApiError(error) && error.errorCode === 'DUPLICATE_EXISTS') return false;
    return true;
  }
}

export const duplicateCheckQuery = (check: DuplicateCheckQuery) =>
  queryOptions({
    queryKey: ['duplicate-check', check],
    queryFn: ({ signal }) => isValueFree(check, signal),
    staleTime: 30_000,
  });
