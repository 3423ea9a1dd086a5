import type { Page, UserListItem, UserListQuery } from '@switchboard/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Users in the caller's data scope (filters `username`, `realname`, `status`, `keyword`). */
export const USER_LIST_PATH = '/sys/user/list';

/** Every page of the user list: invalidate after changing users. */
export const userListKey = ['users', 'list'] as const;

export function listUsers(params: UserListQuery, signal?: AbortSignal): Promise<Page<UserListItem>> {
  return apiClient.get<Page<UserListItem>>(USER_LIST_PATH, params, signal);
}

export const listUsersQuery = (params: UserListQuery) =>
  queryOptions({
    queryKey: [...userListKey, params] as const,
    queryFn: ({ signal }) => listUsers(params, signal),
  });
