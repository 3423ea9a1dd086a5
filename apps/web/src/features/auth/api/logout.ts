import { apiClient } from '@/lib/api-client';

/** Revokes the token on the server (the token travels in the header). */
export function logout(): Promise<unknown> {
  return apiClient.post<unknown>('/sys/logout');
}
