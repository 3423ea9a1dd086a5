import { type AnnouncementRecipient, SEARCH_TEXT_MAX_LENGTH } from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The editor's user picker (`AnnouncementRecipient[]`, filter `keyword`), in the caller's data scope. */
export const RECIPIENTS_PATH = '/sys/annountCement/recipients';

/**
 * What the picker sends for what was typed: trimmed, and cut to what the server accepts (a longer
 * keyword is refused with a 400, and every keystroke would say so again).
 */
export function recipientKeyword(typed: string): string {
  return typed.trim().slice(0, SEARCH_TEXT_MAX_LENGTH);
}

/** The first users whose username or real name contains `keyword`. */
export function searchRecipients(keyword: string, signal?: AbortSignal): Promise<AnnouncementRecipient[]> {
  return api.get(RECIPIENTS_PATH, { keyword: recipientKeyword(keyword) || undefined }, signal);
}

export const recipientSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['announcements', 'recipients', recipientKeyword(keyword)],
    queryFn: ({ signal }) => searchRecipients(keyword, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useRecipientSearch(keyword: string, enabled: boolean) {
  return useQuery({ ...recipientSearchQuery(keyword), enabled });
}
