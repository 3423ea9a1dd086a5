import type { DepartInfo } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export const HOME_PATH = '/home/Home';
export const AGENT_HOME_PATH = '/AgentHome';

export const departInfoQuery = (userId: string, orgCode: string | null) =>
  queryOptions({
    meta: { errorDisplay: 'inline' },
    queryKey: ['account', 'departInfo', userId, orgCode],
    queryFn: ({ signal }) =>
      apiClient.get<DepartInfo>('/sys/sysDepart/getDepartInfo', { id: userId }, signal),
    staleTime: 5 * 60_000,
  });

/** The user's home: the agent home when the current department belongs to an agent (spec section 2). */
export function useHomePath(): { path: string; pending: boolean; departInfo: DepartInfo | undefined } {
  const session = useSession();
  const info = useQuery({
    ...departInfoQuery(session?.userInfo.id ?? '', session?.userInfo.orgCode ?? null),
    enabled: session !== null,
  });
  const path = info.data?.agentId ? AGENT_HOME_PATH : HOME_PATH;
  return { path, pending: info.isPending && session !== null, departInfo: info.data };
}
