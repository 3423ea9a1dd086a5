import { useTranslation } from 'react-i18next';

/**
 * The captcha picture as a button that asks for a new one: a spinner until it has arrived. Plain
 * markup (sb- classes): the sign-in page shows it without antd, the sign-up page beside antd's input.
 */
export function CaptchaImage({ src, onRefresh }: { src: string | undefined; onRefresh: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className="sb-captcha-image"
      onClick={onRefresh}
      title={t('login.refreshCaptcha')}
      aria-label={t('login.refreshCaptcha')}
    >
      {src ? (
        <img src={src} alt={t('login.captchaAlt')} data-testid="captcha-image" />
      ) : (
        <span className="sb-spinner" role="img" aria-label={t('login.captchaLoading')} />
      )}
    </button>
  );
}
