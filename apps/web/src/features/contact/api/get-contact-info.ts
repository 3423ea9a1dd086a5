import type { ContactInfo } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const contactInfoKey = ['contactInfo'] as const;

/** Public: the customer group link and the enabled support contacts. */
export function getContactInfo(signal?: AbortSignal): Promise<ContactInfo> {
  return api.get('/outApi/contactInfo', undefined, signal);
}

export const contactInfoQuery = () =>
  queryOptions({
    queryKey: contactInfoKey,
    queryFn: ({ signal }) => getContactInfo(signal),
    staleTime: 5 * 60_000,
    meta: { errorDisplay: 'inline' },
  });

export function useContactInfo() {
  return useQuery(contactInfoQuery());
}
