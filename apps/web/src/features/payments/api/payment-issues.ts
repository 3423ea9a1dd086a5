import type { PaymentIssueResolve } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';
import { orderListKey } from './list-orders';

/** Payments a provider reported that no order took by itself (staff). */
export const PAYMENT_ISSUE_LIST_PATH = '/sys/order/paymentIssueList';
export const PAYMENT_ISSUE_RESOLVE_PATH = '/sys/order/paymentIssue/resolve';
export const paymentIssueListKey = ['orders', 'paymentIssues'] as const;

export const listPaymentIssuesQuery = listQuery(PAYMENT_ISSUE_LIST_PATH, paymentIssueListKey);

/** Staff credit a payment to resolve to its order's company, or dismiss it with a note. */
export function useResolvePaymentIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentIssueResolve) => api.put(PAYMENT_ISSUE_RESOLVE_PATH, input),
    meta: { errorDisplay: 'inline' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentIssueListKey });
      // A credit shows on its order.
      await queryClient.invalidateQueries({ queryKey: orderListKey });
    },
  });
}
