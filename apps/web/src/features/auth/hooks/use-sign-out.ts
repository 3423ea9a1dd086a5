import { translateError } from '@switchboard/contracts';
import { useCallback } from 'react';
import { currentLocale } from '@/lib/i18n';
import { endSession } from '@/lib/session';
import { stopNoticeSocket } from '@/lib/websocket';
import { logout } from '../api/logout';

/**
 * Closes the notices socket, revokes the token (best effort: an unreachable server must not keep
 * anyone signed in) and ends the session. The socket goes first: its token is about to be
 * revoked, and it must not wait for the layout to unmount (or try to reconnect) meanwhile.
 */
export function useSignOut() {
  return useCallback(async () => {
    stopNoticeSocket();
    try {
      await logout();
    } catch {
      // The local session ends anyway.
    }
    endSession({ reason: 'logout', message: translateError('LOGOUT_OK', currentLocale()) });
  }, []);
}
