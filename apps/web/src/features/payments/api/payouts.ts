import type { PayoutCreate, PayoutDecision } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const PAYOUT_LIST_PATH = '/sys/order/payoutList';
export const payoutListKey = ['payouts', 'list'] as const;
export const listPayoutsQuery = listQuery(PAYOUT_LIST_PATH, payoutListKey);

/** A reseller asks to withdraw commission. */
export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutCreate) => api.post('/sys/order/createPayout', input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutListKey }),
  });
}

/** Staff approve (commission debited) or reject (with a reason) a payout request. */
export function useDecidePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...input }: PayoutDecision & { action: 'approve' | 'reject' }) =>
      api.put(`/sys/order/payout/${action}`, input),
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutListKey }),
  });
}
