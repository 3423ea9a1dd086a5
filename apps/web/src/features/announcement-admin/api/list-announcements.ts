import type { AnnouncementAdminItem, Page } from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type SendStatus = '0' | '1' | '2';

export interface AnnouncementListQuery {
  pageNo: number;
  pageSize: number;
  title?: string;
  sendStatus?: SendStatus;
}

export const announcementAdminKey = ['announcement-admin'] as const;

export function listAnnouncements(
  query: AnnouncementListQuery,
  signal?: AbortSignal,
): Promise<Page<AnnouncementAdminItem>> {
  return apiClient.get<Page<AnnouncementAdminItem>>(
    '/sys/annountCement/list',
    {
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      title: query.title?.trim() || undefined,
      sendStatus: query.sendStatus,
    },
    signal,
  );
}

export const announcementListQuery = (query: AnnouncementListQuery) =>
  queryOptions({
    queryKey: [...announcementAdminKey, 'list', query],
    queryFn: ({ signal }) => listAnnouncements(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAnnouncementList(query: AnnouncementListQuery) {
  return useQuery(announcementListQuery(query));
}
