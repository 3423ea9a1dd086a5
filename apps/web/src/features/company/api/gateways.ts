import type { CustomerGatewaySave } from '@switchboard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const gatewaysKey = ['agent', 'gateways'] as const;

/** The gateways granted to the caller's reseller company. */
export function useAgentGateways(enabled = true) {
  return useQuery({
    queryKey: [...gatewaysKey, 'own'],
    queryFn: ({ signal }) => api.get('/sms/agent/gateway/list', undefined, signal),
    enabled,
  });
}

/** What a customer of the caller's uses, and what it may be given. */
export function useCustomerGateways(companyId: string) {
  return useQuery({
    queryKey: [...gatewaysKey, 'customer', companyId],
    queryFn: ({ signal }) => api.get('/sms/agent/customer/gateway', { companyId }, signal),
  });
}

export function useSaveCustomerGateways() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerGatewaySave) => api.post('/sms/agent/customer/gateway', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewaysKey }),
  });
}
