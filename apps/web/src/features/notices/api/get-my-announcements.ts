import type { Page, UserAnnouncementItem } from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface MyAnnouncementsQuery {
  pageNo: number;
  pageSize: number;
  title?: string;
  /** '1' notices, '2' system messages */
  msgCategory?: '1' | '2';
  readFlag?: boolean;
}

export function getMyAnnouncements(
  query: MyAnnouncementsQuery,
  signal?: AbortSignal,
): Promise<Page<UserAnnouncementItem>> {
  return apiClient.get<Page<UserAnnouncementItem>>(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      title: query.title?.trim() || undefined,
      msgCategory: query.msgCategory,
      readFlag: query.readFlag,
    },
    signal,
  );
}

/** Under ['notices'] so that marking one read reloads this list too. */
export const myAnnouncementsKey = ['notices', 'mine'] as const;

export const myAnnouncementsQuery = (query: MyAnnouncementsQuery) =>
  queryOptions({
    queryKey: [...myAnnouncementsKey, query],
    queryFn: ({ signal }) => getMyAnnouncements(query, signal),
    placeholderData: keepPreviousData,
  });

export function useMyAnnouncements(query: MyAnnouncementsQuery) {
  return useQuery(myAnnouncementsQuery(query));
}
