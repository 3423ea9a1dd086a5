import type { AnnouncementsByUser } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const unreadNoticesKey = ['notices', 'unread'] as const;

export function getUnreadNotices(signal?: AbortSignal): Promise<AnnouncementsByUser> {
  return apiClient.get<AnnouncementsByUser>('/sys/annountCement/listByUser', undefined, signal);
}

export const unreadNoticesQuery = () =>
  queryOptions({ queryKey: unreadNoticesKey, queryFn: ({ signal }) => getUnreadNotices(signal) });

export function useUnreadNotices() {
  return useQuery(unreadNoticesQuery());
}
