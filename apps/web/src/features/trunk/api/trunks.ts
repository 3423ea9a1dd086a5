import {
  type Page,
  type SipAccount,
  type SipAccountEdit,
  type SipAccountInput,
  type SipAccountListQuery,
  type SocketMessage,
  TRUNK_STATE_MESSAGE,
  type Trunk,
  type TrunkEdit,
  type TrunkInput,
  type TrunkListQuery,
  type TrunkOption,
  type TrunkState,
  trunkStateSchema,
  type VoiceRoute,
  type VoiceRouteEdit,
  type VoiceRouteInput,
  type VoiceRouteListQuery,
  type VoiceRouteTest,
} from '@switchboard/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { apiClient } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { useNoticeSocket } from '@/lib/websocket';

/** Permission codes of the voice trunk screens (the server's TRUNK_PERMS). */
export const TRUNK_PERMISSIONS = {
  add: 'voice:trunk:add',
  edit: 'voice:trunk:edit',
  delete: 'voice:trunk:delete',
  sipAdd: 'voice:sipAccount:add',
  sipEdit: 'voice:sipAccount:edit',
  sipDelete: 'voice:sipAccount:delete',
  routeAdd: 'voice:route:add',
  routeEdit: 'voice:route:edit',
  routeDelete: 'voice:route:delete',
  routeTest: 'voice:route:test',
} as const;

export const trunkListKey = ['voiceTrunks', 'list'] as const;
export const trunkStateKey = ['voiceTrunks', 'state'] as const;
export const trunkOptionsKey = ['voiceTrunks', 'options'] as const;
export const sipAccountListKey = ['voiceSipAccounts', 'list'] as const;
export const voiceRouteListKey = ['voiceRoutes', 'list'] as const;

export const listTrunksQuery = listQuery<TrunkListQuery, Page<Trunk>>('/voip/trunk/list', trunkListKey);
export const listSipAccountsQuery = listQuery<SipAccountListQuery, Page<SipAccount>>(
  '/sys/fsAccount/list',
  sipAccountListKey,
);
export const listVoiceRoutesQuery = listQuery<VoiceRouteListQuery, Page<VoiceRoute>>(
  '/voip/route/list',
  voiceRouteListKey,
);

function useInvalidate(...keys: (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return async () => {
    for (const queryKey of keys) await queryClient.invalidateQueries({ queryKey });
  };
}

/** A resource's add (no id) or edit, and its delete. */
function useSave<T, I>(base: string, ...keys: (readonly unknown[])[]) {
  const invalidate = useInvalidate(...keys);
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: I }) =>
      id ? apiClient.put<T>(`${base}/edit`, { ...input, id }) : apiClient.post<T>(`${base}/add`, input),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}
function useDelete(base: string, ...keys: (readonly unknown[])[]) {
  const invalidate = useInvalidate(...keys);
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`${base}/delete`, { id }),
    onSuccess: invalidate,
  });
}

export const useSaveTrunk = () =>
  useSave<Trunk, TrunkInput | Omit<TrunkEdit, 'id'>>(
    '/voip/trunk',
    trunkListKey,
    trunkStateKey,
    trunkOptionsKey,
  );
export const useDeleteTrunk = () => useDelete('/voip/trunk', trunkListKey, trunkStateKey, trunkOptionsKey);
export const useSaveSipAccount = () =>
  useSave<SipAccount, SipAccountInput | Omit<SipAccountEdit, 'id'>>('/sys/fsAccount', sipAccountListKey);
export const useDeleteSipAccount = () => useDelete('/sys/fsAccount', sipAccountListKey);
export const useSaveVoiceRoute = () =>
  useSave<VoiceRoute, VoiceRouteInput | Omit<VoiceRouteEdit, 'id'>>('/voip/route', voiceRouteListKey);
export const useDeleteVoiceRoute = () => useDelete('/voip/route', voiceRouteListKey);

export const trunkOptionsQuery = () =>
  queryOptions({
    queryKey: trunkOptionsKey,
    queryFn: ({ signal }) => apiClient.get<TrunkOption[]>('/voip/trunk/options', undefined, signal),
  });

/** SIP accounts for the trunk form's select (the first 200 by username). */
export const sipAccountOptionsQuery = () =>
  queryOptions({
    queryKey: [...sipAccountListKey, 'options'] as const,
    queryFn: ({ signal }) =>
      apiClient.get<Page<SipAccount>>(
        '/sys/fsAccount/list',
        { pageSize: 200, column: 'username', order: 'asc' },
        signal,
      ),
  });

export function testVoiceRoute(to: string, companyId: string) {
  return apiClient.get<VoiceRouteTest>('/voip/route/test', { to, companyId });
}

/**
 * The live state of every trunk: read once, then kept current by the state messages the server
 * pushes over the websocket (and read again whenever the socket comes back).
 */
export function useTrunkStates(): Map<string, TrunkState> {
  const queryClient = useQueryClient();
  const states = useQuery(
    queryOptions({
      queryKey: trunkStateKey,
      queryFn: ({ signal }) => apiClient.get<TrunkState[]>('/voip/trunk/state', undefined, signal),
    }),
  );
  const socket = useNoticeSocket((message: SocketMessage) => {
    if (message.cmd !== 'topic' || message.msgId !== TRUNK_STATE_MESSAGE) return;
    let state: TrunkState;
    try {
      state = JSON.parse(message.msgTxt) as TrunkState;
    } catch {
      return;
    }
    if (!trunkStateSchema.safeParse(state).success) return;
    queryClient.setQueryData<TrunkState[]>(trunkStateKey, (current) => [
      ...(current ?? []).filter((s) => s.trunkId !== state.trunkId),
      state,
    ]);
  });
  const { refetch } = states;
  const wasOpen = useRef(socket === 'open');
  useEffect(() => {
    if (socket === 'open' && !wasOpen.current) void refetch();
    wasOpen.current = socket === 'open';
  }, [socket, refetch]);
  return useMemo(() => new Map((states.data ?? []).map((s) => [s.trunkId, s])), [states.data]);
}
