import { queryOptions } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';

export interface DuplicateCheck {
  tableName: string;
  fieldName: string;
  fieldVal: string;
  /** The record being edited (left out of the comparison). */
  dataId?: string;
}

/**
 * Whether the value is still free. Only "this value already exists" counts as taken: if the
 * check itself fails the form goes on, and the server checks again when the form is sent.
 */
export async function isValueFree(check: DuplicateCheck, signal?: AbortSignal): Promise<boolean> {
  try {
    await apiClient.get<null>('/sys/duplicate/check', { ...check }, signal);
    return true;
  } catch (error) {
    if (isApiError(error) && error.errorCode === 'DUPLICATE_EXISTS') return false;
    return true;
  }
}

export const duplicateCheckQuery = (check: DuplicateCheck) =>
  queryOptions({
    queryKey: ['duplicate-check', check],
    queryFn: ({ signal }) => isValueFree(check, signal),
    staleTime: 30_000,
  });
