import type { VisitInfoQuery } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Sign-in totals (today, in all, today's addresses). */
export const loginInfoQuery = () =>
  queryOptions({
    queryKey: ['logs', 'loginInfo'] as const,
    queryFn: ({ signal }) => api.get('/sys/loginfo', undefined, signal),
  });

/** Visits per day (the past 7 days unless a period is given). */
export const visitInfoQuery = (query: VisitInfoQuery = {}) =>
  queryOptions({
    queryKey: ['logs', 'visitInfo', query] as const,
    queryFn: ({ signal }) => api.get('/sys/visitInfo', { ...query }, signal),
  });

export const useLoginInfo = () => useQuery(loginInfoQuery());
export const useVisitInfo = (query: VisitInfoQuery = {}) => useQuery(visitInfoQuery(query));
