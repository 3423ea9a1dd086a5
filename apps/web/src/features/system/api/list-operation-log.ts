import type { KeysetPage, LogQuery, OperationLogItem } from '@switchboard/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Changes people made, newest first, paged by key (filters `username`, `from`, `to`). */
export const OPERATION_LOG_PATH = '/sys/log/operationLog';

/** Every page of the operation log. */
export const operationLogKey = ['logs', 'operation'] as const;

export function listOperationLog(
  params: LogQuery,
  signal?: AbortSignal,
): Promise<KeysetPage<OperationLogItem>> {
  return apiClient.get<KeysetPage<OperationLogItem>>(OPERATION_LOG_PATH, params, signal);
}

export const listOperationLogQuery = (params: LogQuery) =>
  queryOptions({
    queryKey: [...operationLogKey, params] as const,
    queryFn: ({ signal }) => listOperationLog(params, signal),
  });
