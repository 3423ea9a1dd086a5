import { isErrorCode, LOGIN_LOCK_MS, LOGIN_METHODS, translateError } from '@switchboard/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n';

/**
 * Words for the codes the login log holds: the sign-in method ('password', 'cas',
 * 'passwordChange') and the reason of a failure (an error code), in the current language. A code
 * this console does not know yet shows as itself.
 */
export function useLoginLogTexts() {
  const { t } = useTranslation('system');
  const locale = useLocale();
  return {
    method: (method: string): string =>
      (LOGIN_METHODS as readonly string[]).includes(method)
        ? t(`log.methods.${method as (typeof LOGIN_METHODS)[number]}`)
        : method,
    reason: (code: string | null): string => {
      if (!code) return '';
      if (!isErrorCode(code)) return code;
      return translateError(code, locale, { minutes: LOGIN_LOCK_MS / 60_000 });
    },
  };
}
