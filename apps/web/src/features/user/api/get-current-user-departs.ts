import type { CurrentUserDeparts } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getCurrentUserDeparts(signal?: AbortSignal): Promise<CurrentUserDeparts> {
  return api.get('/sys/user/getCurrentUserDeparts', undefined, signal);
}

export const currentUserDepartsQuery = (username: string) =>
  queryOptions({
    queryKey: ['account', 'departs', username],
    queryFn: ({ signal }) => getCurrentUserDeparts(signal),
  });

export function useCurrentUserDeparts(username: string) {
  return useQuery(currentUserDepartsQuery(username));
}
