import { request } from '@/lib/api-client';

/**
 * Revokes a token on the server (the token travels in the header). The token is passed in: the
 * session it belongs to has usually ended here already.
 */
export function logout(token: string): Promise<unknown> {
  return request<unknown>('POST', '/sys/logout', { body: {}, token });
}
