import {
  type GatewayNotify,
  type SipAccountEdit,
  type SipAccountInput,
  TRUNK_STATE_MESSAGE,
  type TrunkEdit,
  type TrunkInput,
  type TrunkState,
  trunkStateSchema,
  type VoiceRouteEdit,
  type VoiceRouteInput,
} from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { useLiveStates } from '@/lib/live-states';

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
  notifyEdit: 'voice:notify:edit',
} as const;

export const trunkListKey = ['voiceTrunks', 'list'] as const;
export const trunkStateKey = ['voiceTrunks', 'state'] as const;
export const trunkOptionsKey = ['voiceTrunks', 'options'] as const;
export const sipAccountListKey = ['voiceSipAccounts', 'list'] as const;
export const voiceRouteListKey = ['voiceRoutes', 'list'] as const;

export const listTrunksQuery = listQuery('/voip/trunk/list', trunkListKey);
export const listSipAccountsQuery = listQuery('/sys/fsAccount/list', sipAccountListKey);
export const listVoiceRoutesQuery = listQuery('/voip/route/list', voiceRouteListKey);

function useInvalidate(...keys: (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return async () => {
    for (const queryKey of keys) await queryClient.invalidateQueries({ queryKey });
  };
}

/** An add (no id) or an edit of one resource. */
type Save<A, E> = { id?: undefined; input: A } | { id: string; input: E };

/** A resource's add or edit: `send` picks the route. */
function useSave<A, E>(send: (save: Save<A, E>) => Promise<unknown>, ...keys: (readonly unknown[])[]) {
  const invalidate = useInvalidate(...keys);
  return useMutation({
    mutationFn: send,
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}
function useDelete(send: (id: string) => Promise<unknown>, ...keys: (readonly unknown[])[]) {
  const invalidate = useInvalidate(...keys);
  return useMutation({ mutationFn: send, onSuccess: invalidate });
}

const trunkKeys = [trunkListKey, trunkStateKey, trunkOptionsKey] as const;
export const useSaveTrunk = () =>
  useSave<TrunkInput, Omit<TrunkEdit, 'id'>>(
    (save) =>
      save.id === undefined
        ? api.post('/voip/trunk/add', save.input)
        : api.put('/voip/trunk/edit', { ...save.input, id: save.id }),
    ...trunkKeys,
  );
export const useDeleteTrunk = () => useDelete((id) => api.delete('/voip/trunk/delete', { id }), ...trunkKeys);
export const useSaveSipAccount = () =>
  useSave<SipAccountInput, Omit<SipAccountEdit, 'id'>>(
    (save) =>
      save.id === undefined
        ? api.post('/sys/fsAccount/add', save.input)
        : api.put('/sys/fsAccount/edit', { ...save.input, id: save.id }),
    sipAccountListKey,
  );
export const useDeleteSipAccount = () =>
  useDelete((id) => api.delete('/sys/fsAccount/delete', { id }), sipAccountListKey);
export const useSaveVoiceRoute = () =>
  useSave<VoiceRouteInput, Omit<VoiceRouteEdit, 'id'>>(
    (save) =>
      save.id === undefined
        ? api.post('/voip/route/add', save.input)
        : api.put('/voip/route/edit', { ...save.input, id: save.id }),
    voiceRouteListKey,
  );
export const useDeleteVoiceRoute = () =>
  useDelete((id) => api.delete('/voip/route/delete', { id }), voiceRouteListKey);

export const trunkOptionsQuery = () =>
  queryOptions({
    queryKey: trunkOptionsKey,
    queryFn: ({ signal }) => api.get('/voip/trunk/options', undefined, signal),
  });

/** SIP accounts for the trunk form's select (the first 200 by username). */
export const sipAccountOptionsQuery = () =>
  queryOptions({
    queryKey: [...sipAccountListKey, 'options'] as const,
    queryFn: ({ signal }) =>
      api.get('/sys/fsAccount/list', { pageSize: 200, column: 'username', order: 'asc' }, signal),
  });

export function testVoiceRoute(to: string, companyId: string) {
  return api.get('/voip/route/test', { to, companyId });
}

/** The live state of every trunk, by trunk (useLiveStates). */
export function useTrunkStates(): Map<string, TrunkState> {
  const query = queryOptions({
    queryKey: trunkStateKey,
    queryFn: ({ signal }) => api.get('/voip/trunk/state', undefined, signal),
  });
  return useLiveStates(query, {
    messageId: TRUNK_STATE_MESSAGE,
    schema: trunkStateSchema,
    idOf: (state) => state.trunkId,
  });
}

/** Gateway notify: who is told of trunks going down and coming back, and after how many failed checks. */
export const gatewayNotifyQuery = queryOptions({
  queryKey: ['gatewayNotify'] as const,
  queryFn: ({ signal }) => api.get('/voip/gatewayNotify', undefined, signal),
});

export function useSaveGatewayNotify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GatewayNotify) => api.put('/voip/gatewayNotify', body),
    onSuccess: (saved) => queryClient.setQueryData(gatewayNotifyQuery.queryKey, saved),
  });
}
