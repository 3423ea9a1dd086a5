import type { AnnouncementAdminItem, AnnouncementListQuery, Page } from '@switchboard/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The administration list (filters `title`, `sendStatus`, `msgCategory`, `priority`). */
export const ANNOUNCEMENT_LIST_PATH = '/sys/annountCement/list';

/** Every page of the administration list: invalidate after changing an announcement. */
export const announcementListKey = ['announcements', 'list'] as const;

export function listAnnouncements(
  params: AnnouncementListQuery,
  signal?: AbortSignal,
): Promise<Page<AnnouncementAdminItem>> {
  return apiClient.get<Page<AnnouncementAdminItem>>(ANNOUNCEMENT_LIST_PATH, params, signal);
}

export const listAnnouncementsQuery = (params: AnnouncementListQuery) =>
  queryOptions({
    queryKey: [...announcementListKey, params] as const,
    queryFn: ({ signal }) => listAnnouncements(params, signal),
  });
