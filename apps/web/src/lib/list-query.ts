import { queryOptions } from '@tanstack/react-query';
import { apiClient, type QueryValue } from './api-client';

/**
 * The query options of one list endpoint: `GET path` with the list's parameters, cached under
 * `[...key, params]` so that invalidating `key` reloads every page of the list. Each feature's
 * `api/list-*.ts` names its path, key, parameter type (the contract's list query) and page type.
 */
export function listQuery<Params extends object, Result>(path: string, key: readonly unknown[]) {
  return (params: Params) =>
    queryOptions({
      queryKey: [...key, params] as const,
      queryFn: ({ signal }) => apiClient.get<Result>(path, params as Record<string, QueryValue>, signal),
    });
}
