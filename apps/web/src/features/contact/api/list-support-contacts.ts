import type { Page } from '@switchboard/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SupportContactRecord } from '../types';

export interface SupportContactListQuery {
  pageNo: number;
  pageSize: number;
}

export const supportContactAdminKey = ['support-contact-admin'] as const;

export function listSupportContacts(
  query: SupportContactListQuery,
  signal?: AbortSignal,
): Promise<Page<SupportContactRecord>> {
  return apiClient.get<Page<SupportContactRecord>>('/sys/supportContact/list', { ...query }, signal);
}

export const supportContactListQuery = (query: SupportContactListQuery) =>
  queryOptions({
    queryKey: [...supportContactAdminKey, 'list', query],
    queryFn: ({ signal }) => listSupportContacts(query, signal),
    placeholderData: keepPreviousData,
  });

export function useSupportContactList(query: SupportContactListQuery) {
  return useQuery(supportContactListQuery(query));
}
