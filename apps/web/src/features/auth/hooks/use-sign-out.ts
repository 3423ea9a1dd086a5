import { translateError } from '@switchboard/contracts';
import { useCallback } from 'react';
import { currentLocale } from '@/lib/i18n';
import { endSession, getSession } from '@/lib/session';
import { stopNoticeSocket } from '@/lib/websocket';
import { logout } from '../api/logout';

/**
 * Closes the notices socket, ends the session here, then revokes its token (best effort: an
 * unreachable server must not keep anyone signed in). The socket goes first: its token is about
 * to be revoked, and it must not try to reconnect meanwhile. The session ends before the token is
 * revoked so that a request still in flight, answered 401 once the token is gone, is not taken for
 * an expired session ("please log in again" after a deliberate logout).
 */
export function useSignOut() {
  return useCallback(async () => {
    const token = getSession()?.token ?? null;
    stopNoticeSocket();
    endSession({ reason: 'logout', message: translateError('LOGOUT_OK', currentLocale()) });
    if (token === null) return;
    try {
      await logout(token);
    } catch {
      // Nothing to do: the session has ended here, and the token expires on its own.
    }
  }, []);
}
