import type { Balance } from '@switchboard/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const balanceKey = ['balance'] as const;

/** The balance of the caller's company. */
export const balanceQuery = () =>
  queryOptions({
    queryKey: balanceKey,
    queryFn: ({ signal }) => apiClient.get<Balance>('/sys/balance', undefined, signal),
  });
