import { ERROR_MESSAGE_DURATION_S, LOGOUT_RELOAD_DELAY_MS } from '@switchboard/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { configureApiClient } from '@/lib/api-client';
import { normaliseError } from '@/lib/error-normaliser';
import { antdLocale, currentLocale, i18n } from '@/lib/i18n';
import { setQueryErrorHandler } from '@/lib/query-client';
import { endSession, getSession, subscribeSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';

/**
 * Shows failed loads and actions the console's way (spec section 8): a message, or the
 * login-expired dialog. Rendered once inside antd's App (and by the tests' providers).
 */
export function ErrorDisplay() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    // Several requests failing with "Token invalid" together open one dialog, not a stack.
    let expiredDialogOpen = false;
    setQueryErrorHandler((error: unknown) => {
      const action = normaliseError(error, getSession() !== null, currentLocale());
      if (action.kind === 'message') void message.error(action.message, action.durationS);
      if (action.kind === 'loginExpired' && !expiredDialogOpen) {
        expiredDialogOpen = true;
        modal.error({
          afterClose: () => {
            expiredDialogOpen = false;
          },
          title: action.message,
          okText: i18n.t('actions.relogin'),
          onOk: () => {
            endSession({ reason: 'expired', message: action.message });
            window.location.reload();
          },
        });
      }
    });
  }, [message, modal]);
  return null;
}

/** Wires the session to the api client and the query cache, once per query client. */
function SessionWiring({ queryClient }: { queryClient: QueryClient }) {
  const { message } = AntApp.useApp();
  useEffect(() => {
    configureApiClient({
      // A 401 to a request that carried a token: the session is gone on the server. Said once,
      // then the page reloads (spec section 8).
      onUnauthorized: (error) => {
        const action = normaliseError(error, true, currentLocale());
        const text = action.kind === 'signOut' ? action.message : error.message;
        void message.error(text, ERROR_MESSAGE_DURATION_S);
        endSession({ reason: 'expired', message: text });
        setTimeout(() => window.location.reload(), LOGOUT_RELOAD_DELAY_MS);
      },
    });
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
    };
  }, [queryClient, message]);
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'zh-CN' ? 'zh-CN' : 'en-US';
  const { primaryColor, colorWeak } = useSettings();
  // The theme colour applies at once through antd's tokens (no stylesheet to compile).
  const theme = useMemo(() => ({ token: { colorPrimary: primaryColor } }), [primaryColor]);
  useEffect(() => {
    document.documentElement.classList.toggle('color-weak', colorWeak);
  }, [colorWeak]);
  return (
    <ConfigProvider locale={antdLocale(locale)} theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <ErrorDisplay />
          <SessionWiring queryClient={queryClient} />
          {children}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
