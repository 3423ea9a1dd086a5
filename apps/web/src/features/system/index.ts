// The pages are loaded lazily: import '@/features/system/pages/<Page>'.
export { type UserRow, useUserSearch } from './api/users';
