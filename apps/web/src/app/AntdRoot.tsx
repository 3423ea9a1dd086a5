import { App as AntApp, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { antdLocale, i18n, useLocale } from '@/lib/i18n';
import { registerLoginExpiredDialog } from '@/lib/notify';
import { useSettings } from '@/lib/settings';
import { useMediaQuery } from '@/lib/use-media-query';

/** The user asked their system for less motion: antd's opening and closing animations are off. */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Gives the error display antd's dialog for "login expired" while antd screens are showing. */
function LoginExpiredDialog() {
  const { modal } = AntApp.useApp();
  useEffect(
    () =>
      registerLoginExpiredDialog((text, relogin) => {
        modal.error({ title: text, okText: i18n.t('actions.relogin'), onOk: relogin });
      }),
    [modal],
  );
  return null;
}

/**
 * antd's theme (the settings' colour; no animations for a user who asked for reduced motion),
 * locale and App context for the screens built with antd.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const { primaryColor } = useSettings();
  // The theme colour applies at once through antd's tokens (no stylesheet to compile); links take
  // it too (antd's links are blue otherwise, whatever the primary colour).
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const theme = useMemo(
    () => ({ token: { colorPrimary: primaryColor, colorLink: primaryColor, motion: !reducedMotion } }),
    [primaryColor, reducedMotion],
  );
  return (
    <ConfigProvider locale={antdLocale(locale)} theme={theme}>
      <AntApp>
        <LoginExpiredDialog />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Layout route: everything below it is built with antd (the console, register and text pages). */
export default function AntdRoot() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
