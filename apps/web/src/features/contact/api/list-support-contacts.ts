import type { Page, PageQueryInput, SupportContactRecord } from '@switchboard/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The support contact administration list (no filters). */
export const SUPPORT_CONTACT_LIST_PATH = '/sys/supportContact/list';

/** Every page of the support contact list: invalidate after changing a support contact. */
export const supportContactListKey = ['supportContacts', 'list'] as const;

export function listSupportContacts(
  params: PageQueryInput,
  signal?: AbortSignal,
): Promise<Page<SupportContactRecord>> {
  return apiClient.get<Page<SupportContactRecord>>(SUPPORT_CONTACT_LIST_PATH, params, signal);
}

export const listSupportContactsQuery = (params: PageQueryInput) =>
  queryOptions({
    queryKey: [...supportContactListKey, params] as const,
    queryFn: ({ signal }) => listSupportContacts(params, signal),
  });
