import type { GatewayPriceInput } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const gatewayCostListKey = ['rates', 'gatewayCosts'] as const;
export const GATEWAY_COST_EXPORT_PATH = '/gatewayOperatorPrice/exportXls';
export const GATEWAY_COST_IMPORT_PATH = '/gatewayOperatorPrice/importExcel';

export const listGatewayCostsQuery = listQuery('/gatewayOperatorPrice/list', gatewayCostListKey);

export function useSaveGatewayCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: GatewayPriceInput }) =>
      id
        ? api.put('/gatewayOperatorPrice/edit', { ...input, id })
        : api.post('/gatewayOperatorPrice/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayCostListKey }),
  });
}

export function useDeleteGatewayCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/gatewayOperatorPrice/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayCostListKey }),
  });
}

/** Deletes several gateway costs: all or none. */
export function useDeleteGatewayCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.delete('/gatewayOperatorPrice/deleteBatch', { ids: ids.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayCostListKey }),
  });
}

/** After an import: the list reloads. */
export function useReloadGatewayCosts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: gatewayCostListKey });
}
