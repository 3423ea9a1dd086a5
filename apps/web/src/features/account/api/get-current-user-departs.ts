import type { Department } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface CurrentUserDeparts {
  list: Department[];
  /** The current department, or null when none is chosen yet. */
  orgCode: string | null;
}

export function getCurrentUserDeparts(signal?: AbortSignal): Promise<CurrentUserDeparts> {
  return apiClient.get<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts', undefined, signal);
}

export const currentUserDepartsQuery = (username: string) =>
  queryOptions({
    queryKey: ['account', 'departs', username],
    queryFn: ({ signal }) => getCurrentUserDeparts(signal),
  });

export function useCurrentUserDeparts(username: string) {
  return useQuery(currentUserDepartsQuery(username));
}
