import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { RouteError } from '@/components/RouteError';
import { GuestOnly, RequireAuth } from './bootstrap';
import { withChunkTimeout } from './chunk-timeout';

/** A lazily loaded screen; a chunk that does not arrive in time becomes a route error. */
function screen(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  const loadInTime = withChunkTimeout(load);
  return async () => ({ Component: (await loadInTime()).default });
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/user', element: <Navigate to="/user/login" replace /> },
      {
        // Everything reachable without a session shares the light sign-in layout (no antd).
        path: '/user',
        lazy: screen(() => import('@/app/layout/UserLayout')),
        children: [
          // The sign-in page is built without antd: the first page a visitor loads stays small.
          {
            element: <GuestOnly />,
            children: [{ path: 'login', lazy: screen(() => import('@/features/auth/pages/LoginPage')) }],
          },
          {
            lazy: screen(() => import('./AntdRoot')),
            children: [
              // Help, privacy and terms: readable with or without a session.
              { path: 'help', lazy: screen(() => import('@/features/legal/pages/HelpPage')) },
              { path: 'privacy', lazy: screen(() => import('@/features/legal/pages/PrivacyPage')) },
              { path: 'terms', lazy: screen(() => import('@/features/legal/pages/TermsPage')) },
              {
                element: <GuestOnly />,
                children: [
                  {
                    path: 'register',
                    lazy: screen(() => import('@/features/registration/pages/RegisterPage')),
                  },
                  {
                    path: 'register-result',
                    lazy: screen(() => import('@/features/registration/pages/RegisterResultPage')),
                  },
                  {
                    path: 'alteration',
                    lazy: screen(() => import('@/features/registration/pages/AlterationPage')),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        lazy: screen(() => import('./AntdRoot')),
        children: [
          {
            // Pathless, so that `/` itself is matched by the splat route below (and not by this
            // route alone, which would show an empty frame).
            element: <RequireAuth />,
            children: [
              {
                lazy: screen(() => import('@/app/layout/BasicLayout')),
                // One splat route for every screen: `/` and /dashboard/workplace lead home, the
                // others come from the user's menu (static component map), anything else is the 404
                // page. Its element stays mounted from one address to the next (the tabs keep theirs).
                children: [{ path: '*', lazy: screen(() => import('./menu/Screens')) }],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
