import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const balanceKey = ['balance'] as const;

/** The balance of the caller's company. */
export const balanceQuery = () =>
  queryOptions({
    queryKey: balanceKey,
    queryFn: ({ signal }) => api.get('/sys/balance', undefined, signal),
  });
