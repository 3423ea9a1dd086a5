import {
  GATEWAY_STATE_MESSAGE,
  type Gateway,
  type GatewayState,
  gatewayStateSchema,
} from '@switchboard/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { useLiveStates } from '@/lib/live-states';

export const GATEWAY_LIST_PATH = '/sms/gateway/list';
export const GATEWAY_EXPORT_PATH = '/sms/gateway/exportXls';
export const GATEWAY_IMPORT_PATH = '/sms/gateway/importExcel';

/** Permission codes of the gateway screen (the server's GATEWAY_PERMS). */
export const GATEWAY_PERMISSIONS = {
  add: 'sms:gateway:add',
  edit: 'sms:gateway:edit',
  copy: 'sms:gateway:copy',
  delete: 'sms:gateway:delete',
  import: 'sms:gateway:import',
  export: 'sms:gateway:export',
} as const;

export const gatewayListKey = ['smsGateways', 'list'] as const;
export const gatewayStateKey = ['smsGateways', 'state'] as const;

export const listGatewaysQuery = listQuery(GATEWAY_LIST_PATH, gatewayListKey);

function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: gatewayListKey });
    await queryClient.invalidateQueries({ queryKey: gatewayStateKey });
  };
}

/** Adds when `id` is missing, else edits (an empty password keeps the stored one). */
export function useSaveGateway() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (
      body: { edit: BodyOf<'put', '/sms/gateway/edit'> } | { add: BodyOf<'post', '/sms/gateway/add'> },
    ) => ('edit' in body ? api.put('/sms/gateway/edit', body.edit) : api.post('/sms/gateway/add', body.add)),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

/** The enable switch of a row: the row's settings as they are, enabled or not. */
export function useToggleGateway() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ gateway, enabled }: { gateway: Gateway; enabled: boolean }) => {
      const { createdAt: _c, updatedAt: _u, ...settings } = gateway;
      return api.put('/sms/gateway/edit', {
        ...settings,
        remark: settings.remark ?? null,
        enabled,
      });
    },
    onSuccess: invalidate,
  });
}

export function useCopyGateway() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => api.post('/sms/gateway/copy', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: invalidate,
  });
}

export function useDeleteGateway() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete('/sms/gateway/delete', { id }),
    onSuccess: invalidate,
  });
}

export function useDeleteGateways() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: string[]) => api.delete('/sms/gateway/deleteBatch', { ids: ids.join(',') }),
    onSuccess: invalidate,
  });
}

export function useReloadGateways() {
  return useInvalidate();
}

export const gatewayStatesQuery = () =>
  queryOptions({
    queryKey: gatewayStateKey,
    queryFn: ({ signal }) => api.get('/sms/gateway/state', undefined, signal),
  });

/** The live state of every gateway, by gateway (useLiveStates). */
export function useGatewayStates(): Map<string, GatewayState> {
  return useLiveStates(gatewayStatesQuery(), {
    messageId: GATEWAY_STATE_MESSAGE,
    schema: gatewayStateSchema,
    idOf: (state) => state.gatewayId,
  });
}
