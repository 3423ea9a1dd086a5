import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/PageLoading';
import { usePermissions } from '../bootstrap';
import { findByPath } from './menu-tree';
import { hasScreen, SCREENS } from './screens';

/**
 * The screen for the current path, found in the user's menu: its component key is looked up in
 * the static map; a group redirects; anything else — not in the menu, or no screen — is a 404.
 */
export default function MenuScreen() {
  const { pathname } = useLocation();
  const { menu } = usePermissions();
  const found = findByPath(menu, pathname);
  if (!found) return <NotFound />;
  const { item } = found;
  if (item.redirect && !hasScreen(item.component)) return <Navigate to={item.redirect} replace />;
  const Screen = item.component && hasScreen(item.component) ? SCREENS[item.component] : undefined;
  if (!Screen) return <NotFound />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
}
