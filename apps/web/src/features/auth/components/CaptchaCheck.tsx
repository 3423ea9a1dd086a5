import { useTranslation } from 'react-i18next';

/**
 * The captcha as people see it: a check this browser works out by itself (a proof of work), with
 * its state, and a button for a new one when it failed. Plain markup (sb- classes): the sign-in
 * page shows it without antd, the sign-up page beside antd's fields.
 */
export function CaptchaCheck({
  state,
  error,
  onRetry,
}: {
  state: 'working' | 'done' | 'error';
  error?: string | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="sb-captcha" data-testid="captcha-check" data-state={state} aria-live="polite">
      {state === 'working' ? <span className="sb-spinner" aria-hidden="true" /> : null}
      {state === 'done' ? (
        <span className="sb-captcha-done" aria-hidden="true">
          ✓
        </span>
      ) : null}
      <span className="sb-captcha-text">
        {state === 'working' ? t('login.captchaWorking') : null}
        {state === 'done' ? t('login.captchaDone') : null}
        {state === 'error' ? (error ?? t('login.captchaFailed')) : null}
      </span>
      {state === 'error' ? (
        <button type="button" className="sb-text-button" onClick={onRetry} data-testid="captcha-retry">
          {t('login.captchaRetry')}
        </button>
      ) : null}
    </div>
  );
}
