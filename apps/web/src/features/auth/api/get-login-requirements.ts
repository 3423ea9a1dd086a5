import type { LoginRequirements } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getLoginRequirements(username: string, signal?: AbortSignal): Promise<LoginRequirements> {
  return api.get('/sys/loginRequirements', { username }, signal);
}

export const loginRequirementsQuery = (username: string) =>
  queryOptions({
    meta: { errorDisplay: 'inline' },
    queryKey: ['auth', 'loginRequirements', username],
    queryFn: ({ signal }) => getLoginRequirements(username, signal),
    staleTime: 0,
  });

export function useLoginRequirements(username: string) {
  return useQuery(loginRequirementsQuery(username));
}
