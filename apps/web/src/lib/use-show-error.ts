import { App } from 'antd';
import { useCallback } from 'react';
import { normaliseError } from './error-normaliser';
import { currentLocale } from './i18n';
import { getSession } from './session';

/**
 * Shows a failed action (a save, publish or delete) the way the console shows failed loads: one
 * message in the user's language. Sign-outs and the login-expired dialog are the api client's and
 * the providers' business, so those stay silent here.
 */
export function useShowError(): (error: unknown) => void {
  const { message } = App.useApp();
  return useCallback(
    (error: unknown) => {
      const action = normaliseError(error, getSession() !== null, currentLocale());
      if (action.kind === 'message') void message.error(action.message, action.durationS);
    },
    [message],
  );
}
