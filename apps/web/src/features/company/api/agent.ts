import type {
  AgentCustomerAdd,
  AgentCustomerEdit,
  AgentTransfer,
  CompanyFrozen,
} from '@switchboard/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

/** Everything the agent screen shows: invalidated after any change of customers or money. */
export const agentKey = ['agent'] as const;
const customerListKey = [...agentKey, 'customers'] as const;
const balanceKey = [...agentKey, 'balance'] as const;

/** The reseller's customers (a distributor's agents too), with balances. */
export const listAgentCustomersQuery = listQuery('/sms/agent/customer/list', customerListKey);

/** The reseller's own balance and each customer's, with money in and charged. */
export const agentBalanceQuery = () =>
  queryOptions({
    queryKey: balanceKey,
    queryFn: ({ signal }) => api.get('/sms/agent/balance', undefined, signal),
  });

export const useAgentBalance = () => useQuery(agentBalanceQuery());

function useAgentMutation<P, R = unknown>(call: (payload: P) => Promise<R>, inline = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKey }),
    ...(inline ? { meta: { errorDisplay: 'inline' as const } } : {}),
  });
}

export const useAddCustomer = () =>
  useAgentMutation((p: AgentCustomerAdd) => api.post('/sms/agent/customer/add', p), true);

export const useEditCustomer = () =>
  useAgentMutation((p: AgentCustomerEdit) => api.put('/sms/agent/customer/edit', p), true);

export const useFreezeCustomers = () =>
  useAgentMutation((p: CompanyFrozen) => api.put('/sms/agent/customer/frozen', p));

/** From the reseller's balance to a customer's; the key makes a repeated send count once. */
export const useTransfer = () =>
  useAgentMutation((p: AgentTransfer) => api.post('/sms/agent/balance/transfer', p));
