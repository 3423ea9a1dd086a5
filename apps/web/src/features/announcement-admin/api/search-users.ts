import type { Page } from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface UserOption {
  id: string;
  username: string;
  realname: string;
}

/** The first 50 users whose username matches, for the recipients picker. */
export function searchUsers(username: string, signal?: AbortSignal): Promise<Page<UserOption>> {
  return apiClient.get<Page<UserOption>>(
    '/sys/user/list',
    { pageNo: 1, pageSize: 50, username: username.trim() || undefined },
    signal,
  );
}

export const userSearchQuery = (username: string) =>
  queryOptions({
    queryKey: ['announcement-admin', 'users', username.trim()],
    queryFn: ({ signal }) => searchUsers(username, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useUserSearch(username: string, enabled: boolean) {
  return useQuery({ ...userSearchQuery(username), enabled });
}
