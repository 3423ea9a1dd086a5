import { ERROR_MESSAGE_DURATION_S, LOGOUT_RELOAD_DELAY_MS } from '@switchboard/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { endRevokedSession } from '@/features/auth';
import { configureApiClient } from '@/lib/api-client';
import { normaliseError } from '@/lib/error-normaliser';
import { currentLocale } from '@/lib/i18n';
import { notify, openLoginExpired } from '@/lib/notify';
import { setQueryErrorHandler } from '@/lib/query-client';
import { endSession, getSession, subscribeSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { noticeSocketHub } from '@/lib/websocket';

/**
 * Shows failed loads and actions the console's way (spec section 8): a notice, or the login-expired
 * dialog. Rendered once by the app's providers (and by the tests' providers).
 */
export function ErrorDisplay() {
  useEffect(() => {
    // Several requests failing with "Token invalid" together open one dialog, not a stack.
    let expiredDialogOpen = false;
    setQueryErrorHandler((error: unknown) => {
      const action = normaliseError(error, getSession() !== null, currentLocale());
      if (action.kind === 'message') notify.error(action.message, action.durationS);
      if (action.kind === 'loginExpired' && !expiredDialogOpen) {
        expiredDialogOpen = true;
        openLoginExpired(action.message, () => {
          expiredDialogOpen = false;
          endSession({ reason: 'expired', message: action.message });
          window.location.reload();
        });
      }
    });
  }, []);
  return null;
}

/** Wires the session to the api client and the query cache, once per query client. */
function SessionWiring({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => {
    configureApiClient({
      // A 401 to a request that carried a token: the session is gone on the server. Said once,
      // then the page reloads (spec section 8).
      onUnauthorized: (error) => {
        const action = normaliseError(error, true, currentLocale());
        const text = action.kind === 'signOut' ? action.message : error.message;
        notify.error(text, ERROR_MESSAGE_DURATION_S);
        endSession({ reason: 'expired', message: text });
        setTimeout(() => window.location.reload(), LOGOUT_RELOAD_DELAY_MS);
      },
    });
    // The server ended the session (the notices socket closed with 4401): signed out at once.
    const stopHearing = noticeSocketHub.onSessionEnded(endRevokedSession);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeSession(() => {
      if (getSession() !== null) return;
      // Another user's data must never show: drop the cache once the screens of this one are gone.
      clearTimeout(timer);
      timer = setTimeout(() => queryClient.clear(), 0);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
      stopHearing();
    };
  }, [queryClient]);
  return null;
}

/**
 * What every route needs: the query cache, error display and session wiring, the colour settings.
 * No antd here: the sign-in page loads none (antd comes with the screens that use it, AntdRoot).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { primaryColor, colorWeak } = useSettings();
  useEffect(() => {
    document.documentElement.classList.toggle('color-weak', colorWeak);
  }, [colorWeak]);
  useEffect(() => {
    // The theme colour for what is not antd (sign-in page, loading and error screens).
    document.documentElement.style.setProperty('--sb-primary', primaryColor);
  }, [primaryColor]);
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorDisplay />
      <SessionWiring queryClient={queryClient} />
      {children}
    </QueryClientProvider>
  );
}
