import { translateError } from '@switchboard/contracts';
import { useCallback } from 'react';
import { isRetiringToken } from '@/lib/api-client';
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

/**
 * The server ended the session of `token` while this console had it open (its notices socket
 * closed with 4401: logout elsewhere, password change, freezing). It ends here at once, and the
 * login page says why; the token is revoked already, so nothing is sent. A socket of an older
 * session, or this console's own password change (which says so itself), changes nothing.
 */
export function endRevokedSession(token: string): void {
  if (getSession()?.token !== token || isRetiringToken(token)) return;
  endSession({ reason: 'revoked', message: translateError('SESSION_ENDED', currentLocale()) });
}
