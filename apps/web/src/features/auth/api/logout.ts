import { api } from '@/lib/api-client';

/**
 * Revokes a token on the server (the token travels in the header). The token is passed in: the
 * session it belongs to has usually ended here already.
 */
export function logout(token: string): Promise<unknown> {
  return api.post('/sys/logout', {}, undefined, { token });
}
