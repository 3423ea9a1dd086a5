import { lazy } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NotFound } from '@/components/NotFound';
import { PROFILE_PATH } from '@/features/user';
import { findAllowed, isWebUrl } from '@/lib/menu-tree';
import { usePermissions } from '@/lib/permissions-context';
import { HomeRedirect } from '../HomeRedirect';
import { IframeScreen } from './IframeScreen';
import { redirectOnly } from './menu-tree';
import { ScreenBoundary } from './ScreenBoundary';
import { forgetScreen, hasScreen, screenFor } from './screens';

const ProfilePage = lazy(() => import('@/features/user/pages/ProfilePage'));

/** Paths that lead to the user's home (the agent home in an agent's department). */
export const HOME_REDIRECTS: ReadonlySet<string> = new Set(['/', '/dashboard/workplace']);

/**
 * The screen for the current path, found in the user's menu: its component key is looked up in
 * the static map; a group redirects, and so do `/` and /dashboard/workplace (to the home);
 * anything else — not in the menu, not permitted, or no screen — is a 404.
 */
export default function MenuScreen() {
  const { pathname } = useLocation();
  const permissions = usePermissions();
  if (HOME_REDIRECTS.has(pathname)) return <HomeRedirect />;
  // My account: every signed-in user's, not a menu screen.
  if (pathname === PROFILE_PATH)
    return (
      <ScreenBoundary onRetry={() => undefined}>
        <ProfilePage />
      </ScreenBoundary>
    );
  const item = findAllowed(permissions, pathname);
  if (!item) return <NotFound />;
  if (isWebUrl(item.meta.url) && !item.meta.internalOrExternal)
    return <IframeScreen url={item.meta.url} title={item.meta.title} />;
  const redirect = redirectOnly(item);
  if (redirect) return <Navigate to={redirect} replace />;
  const component = item.component;
  const Screen = hasScreen(component) ? screenFor(component) : undefined;
  if (!Screen || !component) return <NotFound />;
  return (
    <ScreenBoundary onRetry={() => forgetScreen(component)}>
      <Screen />
    </ScreenBoundary>
  );
}
