import { ERROR_MESSAGE_DURATION_S, type Locale, translateError } from '@switchboard/contracts';
import { isApiError } from './api-client';
import { i18n } from './i18n';

/** What the console does about a failed request (spec section 8), decided in one place. */
export type ErrorAction =
  /** 401: say so, sign out, reload after 1.5 s (once, however many requests fail together). */
  | { kind: 'signOut'; message: string }
  /** A 500 saying "Token invalid" while signed in: a dialog with a re-login button. */
  | { kind: 'loginExpired'; message: string }
  /** Anything else the user should read, shown for 4 s. */
  | { kind: 'message'; message: string; durationS: number }
  /** Cancelled requests: nothing to say. */
  | { kind: 'silent' };

export function normaliseError(error: unknown, signedIn: boolean, locale: Locale): ErrorAction {
  const show = (message: string): ErrorAction => ({
    kind: 'message',
    message,
    durationS: ERROR_MESSAGE_DURATION_S,
  });
  if (!isApiError(error)) {
    const text =
      error instanceof Error && error.message
        ? error.message
        : i18n.t('errors.http', { lng: locale, status: 0 });
    return show(text);
  }
  if (error.kind === 'aborted') return { kind: 'silent' };
  if (error.kind === 'timeout') return show(translateError('NETWORK_TIMEOUT', locale));
  if (error.kind === 'network') return show(i18n.t('errors.network', { lng: locale }));
  switch (error.status) {
    case 401:
      // The spec's one text for a session the server no longer knows (invalid, expired, revoked);
      // a frozen account keeps its reason, since signing in again will not help.
      return {
        kind: 'signOut',
        message:
          error.errorCode === 'ACCOUNT_FROZEN' && error.message
            ? error.message
            : translateError('UNAUTHORIZED', locale),
      };
    case 403:
      return show(translateError('ACCESS_DENIED', locale));
    case 404:
      return show(translateError('NOT_FOUND', locale));
    case 504:
      return show(translateError('NETWORK_TIMEOUT', locale));
  }
  if (error.status === 500 && signedIn && /token invalid|token失效/i.test(error.message)) {
    return { kind: 'loginExpired', message: translateError('LOGIN_EXPIRED', locale) };
  }
  return show(error.message);
}
