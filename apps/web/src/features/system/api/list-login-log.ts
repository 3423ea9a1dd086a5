import type { KeysetPage, LoginLogItem, LogQuery } from '@switchboard/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Sign-in attempts, newest first, paged by key (filters `username`, `from`, `to`). */
export const LOGIN_LOG_PATH = '/sys/log/loginLog';

/** Every page of the login log. */
export const loginLogKey = ['logs', 'login'] as const;

export function listLoginLog(params: LogQuery, signal?: AbortSignal): Promise<KeysetPage<LoginLogItem>> {
  return apiClient.get<KeysetPage<LoginLogItem>>(LOGIN_LOG_PATH, params, signal);
}

export const listLoginLogQuery = (params: LogQuery) =>
  queryOptions({
    queryKey: [...loginLogKey, params] as const,
    queryFn: ({ signal }) => listLoginLog(params, signal),
  });
