import type { GatewayPrice, GatewayPriceInput, GatewayPriceListQuery, Page } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const gatewayCostListKey = ['rates', 'gatewayCosts'] as const;

export const listGatewayCostsQuery = listQuery<GatewayPriceListQuery, Page<GatewayPrice>>(
  '/gatewayOperatorPrice/list',
  gatewayCostListKey,
);

export function useSaveGatewayCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: GatewayPriceInput }) =>
      id
        ? apiClient.put<GatewayPrice>('/gatewayOperatorPrice/edit', { ...input, id })
        : apiClient.post<GatewayPrice>('/gatewayOperatorPrice/add', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayCostListKey }),
  });
}

export function useDeleteGatewayCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>('/gatewayOperatorPrice/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayCostListKey }),
  });
}
