import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { logout, useUserPermissions } from '@/features/auth';
import { PermissionsContext } from '@/lib/permissions-context';
import { loginPathFor, safeRedirect } from '@/lib/redirect';
import { endSession, getSignOutNotice, useSession } from '@/lib/session';
import { preloadScreen } from './menu/screens';

/**
 * Token -> permissions -> screens. Without a session, go to login and come back afterwards; a
 * deliberate logout goes to login without a way back.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const notice = getSignOutNotice();
    const deliberate = notice?.reason === 'logout' || notice?.reason === 'passwordChanged';
    return <Navigate to={deliberate ? '/user/login' : loginPathFor(location)} replace />;
  }
  return <PermissionGate token={session.token} />;
}

function PermissionGate({ token }: { token: string }) {
  const { t } = useTranslation();
  const permissions = useUserPermissions(token);
  const failure = permissions.isError ? permissions.error : null;

  // Spec section 8: a failed permission load (an empty menu included) logs out, and the login
  // page says why. The token still works unless the server refused it: revoke it, best effort.
  useEffect(() => {
    if (failure === null) return;
    if (failure.status !== 401) logout(token).catch(() => {});
    endSession({ reason: 'error', message: failure.message });
  }, [failure, token]);

  if (permissions.isPending || permissions.isError) return <PageLoading tip={t('bootstrap.loading')} />;
  return (
    <PermissionsContext value={permissions.data}>
      <Outlet />
    </PermissionsContext>
  );
}

/**
 * While a visitor reads the login page, the browser fetches the console's frame (antd, layout,
 * screen router and home page) when it is idle, so signing in does not wait for those chunks. Fetching is all it does.
 */
function usePrefetchConsole() {
  useEffect(() => {
    if (import.meta.env.MODE === 'test') return; // unit tests render screens on their own
    const prefetch = () => {
      void import('./AntdRoot').catch(() => {});
      void import('./layout/BasicLayout').catch(() => {});
      void import('./menu/Screens').catch(() => {});
      // Through the screen map, so the home page renders at once after sign-in.
      void preloadScreen('home/Home');
      void preloadScreen('agent/AgentHome');
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 3_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 1_000);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * Screens for visitors only (login): a signed-in user goes on to the redirect target, or to
 * /dashboard/workplace (the home).
 */
export function GuestOnly() {
  const session = useSession();
  const [params] = useSearchParams();
  usePrefetchConsole();
  if (session)
    return <Navigate to={safeRedirect(params.get('redirect')) ?? '/dashboard/workplace'} replace />;
  return <Outlet />;
}
