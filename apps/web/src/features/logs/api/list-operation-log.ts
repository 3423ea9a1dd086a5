import { listQuery } from '@/lib/list-query';

/** Changes people made, newest first, paged by key (filters `username`, `from`, `to`). */
export const OPERATION_LOG_PATH = '/sys/log/operationLog';

/** Every page of the operation log. */
export const operationLogKey = ['logs', 'operation'] as const;

export const listOperationLogQuery = listQuery(OPERATION_LOG_PATH, operationLogKey);
