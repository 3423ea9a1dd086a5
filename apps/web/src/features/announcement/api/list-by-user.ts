import type { AnnouncementsByUser } from '@switchboard/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The bell's lists; beside my announcements' pages (`['notices', 'mine', …]`). */
export const unreadNoticesKey = ['notices', 'unread'] as const;

export function getUnreadNotices(signal?: AbortSignal): Promise<AnnouncementsByUser> {
  return api.get('/sys/annountCement/listByUser', undefined, signal);
}

export const unreadNoticesQuery = () =>
  queryOptions({ queryKey: unreadNoticesKey, queryFn: ({ signal }) => getUnreadNotices(signal) });

export function useUnreadNotices() {
  return useQuery(unreadNoticesQuery());
}

/** After a change of read marks: the bell and the announcements page (both under `notices`) reload. */
export function reloadNotices(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['notices'] });
}
