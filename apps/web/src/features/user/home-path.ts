import type { DepartInfo, UserPermissions } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { findAllowed, firstScreen } from '@/lib/menu-tree';
import { usePermissions } from '@/lib/permissions-context';
import { useSession } from '@/lib/session';

export const HOME_PATH = '/home/Home';
export const AGENT_HOME_PATH = '/AgentHome';

export const departInfoQuery = (userId: string, orgCode: string | null) =>
  queryOptions({
    meta: { errorDisplay: 'inline' },
    queryKey: ['account', 'departInfo', userId, orgCode],
    queryFn: ({ signal }) => api.get('/sys/sysDepart/getDepartInfo', { id: userId }, signal),
    staleTime: 5 * 60_000,
  });

/**
 * The user's home (spec section 2): the agent home when the current department belongs to an
 * agent and the user's menu allows that screen, else the home page, or, when the menu has no home
 * page, its first screen. The one rule for every place
 * that leads home (`/`, the menu's Home entry, the breadcrumb, the home tab).
 */
export function homePathFor(departInfo: DepartInfo | undefined, permissions: UserPermissions): string {
  if (departInfo?.agentId && findAllowed(permissions, AGENT_HOME_PATH)) return AGENT_HOME_PATH;
  if (findAllowed(permissions, HOME_PATH)) return HOME_PATH;
  // A role without the home page (System › Roles can make one): its first screen instead of a 404.
  return firstScreen(permissions) ?? HOME_PATH;
}

/**
 * The signed-in user's home, by homePathFor. While another department's info loads (after a
 * department switch) the last known one stands, so the menu and breadcrumb do not fall back to
 * the home page meanwhile; `pending` says the home is not final yet (nothing known, or that
 * stand-in), for what must not act on a stale home (the `/` redirect, opening tabs).
 */
export function useHomePath(): { path: string; pending: boolean; departInfo: DepartInfo | undefined } {
  const session = useSession();
  const permissions = usePermissions();
  const userId = session?.userInfo.id ?? '';
  const info = useQuery({
    ...departInfoQuery(userId, session?.userInfo.orgCode ?? null),
    enabled: session !== null,
    // The same user's previous department only (the key is [..., userId, orgCode]).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === userId ? previous : undefined,
  });
  return {
    path: homePathFor(info.data, permissions),
    pending: (info.isPending || info.isPlaceholderData) && session !== null,
    departInfo: info.data,
  };
}
