import { listQuery } from '@/lib/list-query';

/** Users in the caller's data scope (filters `username`, `realname`, `status`, `keyword`). */
export const USER_LIST_PATH = '/sys/user/list';

/** Every page of the user list: invalidate after changing users. */
export const userListKey = ['users', 'list'] as const;

export const listUsersQuery = listQuery(USER_LIST_PATH, userListKey);
