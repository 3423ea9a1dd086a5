import { listQuery } from '@/lib/list-query';

/** Sign-in attempts, newest first, paged by key (filters `username`, `from`, `to`). */
export const LOGIN_LOG_PATH = '/sys/log/loginLog';

/** Every page of the login log. */
export const loginLogKey = ['logs', 'login'] as const;

export const listLoginLogQuery = listQuery(LOGIN_LOG_PATH, loginLogKey);
