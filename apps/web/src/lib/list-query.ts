import { queryOptions } from '@tanstack/react-query';
import { api, type PathsWith, type QueryOf } from './api-client';

/**
 * The query options of one list endpoint: `GET path` with the list's parameters, cached under
 * `[...key, params]` so that invalidating `key` reloads every page of the list. The parameters and
 * the page are the route's, as the OpenAPI document declares them.
 */
export function listQuery<P extends PathsWith<'get'>>(path: P, key: readonly unknown[]) {
  return (params: NonNullable<QueryOf<'get', P>>) =>
    queryOptions({
      queryKey: [...key, params] as const,
      queryFn: ({ signal }) => api.get(path, params, signal),
    });
}
