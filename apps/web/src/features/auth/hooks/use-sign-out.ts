import { translateError } from '@switchboard/contracts';
import { useCallback } from 'react';
import { currentLocale } from '@/lib/i18n';
import { endSession } from '@/lib/session';
import { logout } from '../api/logout';

/** Revokes the token (best effort: an unreachable server must not keep anyone signed in) and ends the session. */
export function useSignOut() {
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local session ends anyway.
    }
    endSession({ reason: 'logout', message: translateError('LOGOUT_OK', currentLocale()) });
  }, []);
}
