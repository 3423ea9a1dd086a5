// The pages are loaded lazily: import '@/features/system/pages/<Page>'.
export type { UserRow } from './api/users';
