// The pages are loaded lazily: import '@/features/system/pages/<Page>'.
export { listUsersQuery, userListKey } from './api/list-users';
