import type { UserPermissions } from '@switchboard/contracts';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { logout, useUserPermissions } from '@/features/auth';
import { loginPathFor, safeRedirect } from '@/lib/redirect';
import { endSession, getSignOutNotice, useSession } from '@/lib/session';

export const PermissionsContext = createContext<UserPermissions | null>(null);

/** Menu and button permissions loaded at sign-in; only available below `RequireAuth`. */
export function usePermissions(): UserPermissions {
  const permissions = useContext(PermissionsContext);
  if (!permissions) throw new Error('usePermissions() used outside RequireAuth');
  return permissions;
}

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
    if (failure.status !== 401) logout().catch(() => {});
    endSession({ reason: 'error', message: failure.message });
  }, [failure]);

  if (permissions.isPending || permissions.isError) return <PageLoading tip={t('bootstrap.loading')} />;
  return (
    <PermissionsContext value={permissions.data}>
      <Outlet />
    </PermissionsContext>
  );
}

/**
 * Screens for visitors only (login): a signed-in user goes on to the redirect target, or to
 * /dashboard/workplace (the home).
 */
export function GuestOnly() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session)
    return <Navigate to={safeRedirect(params.get('redirect')) ?? '/dashboard/workplace'} replace />;
  return <Outlet />;
}
