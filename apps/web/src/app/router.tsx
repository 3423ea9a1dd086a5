import { CHUNK_LOAD_TIMEOUT_MS } from '@switchboard/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/PageLoading';
import { RouteError } from '@/components/RouteError';
import { i18n } from '@/lib/i18n';
import { GuestOnly, RequireAuth } from './bootstrap';

/** A lazily loaded screen; a chunk that does not arrive in time becomes a route error. */
function screen(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(i18n.t('errors.chunkTimeout'))), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } finally {
      clearTimeout(timer);
    }
  };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/user', element: <Navigate to="/user/login" replace /> },
      {
        // Help, privacy and terms: readable with or without a session.
        path: '/user',
        lazy: screen(() => import('@/layouts/UserLayout')),
        children: [
          { path: 'help', lazy: screen(() => import('@/features/legal/pages/HelpPage')) },
          { path: 'privacy', lazy: screen(() => import('@/features/legal/pages/PrivacyPage')) },
          { path: 'terms', lazy: screen(() => import('@/features/legal/pages/TermsPage')) },
        ],
      },
      {
        path: '/user',
        element: <GuestOnly />,
        children: [
          {
            lazy: screen(() => import('@/layouts/UserLayout')),
            children: [
              { path: 'login', lazy: screen(() => import('@/features/auth/pages/LoginPage')) },
              { path: 'register', lazy: screen(() => import('@/features/register/pages/RegisterPage')) },
              {
                path: 'register-result',
                lazy: screen(() => import('@/features/register/pages/RegisterResultPage')),
              },
            ],
          },
        ],
      },
      {
        path: '/',
        element: <RequireAuth />,
        children: [
          {
            lazy: screen(() => import('@/layouts/BasicLayout')),
            children: [
              { index: true, element: <Navigate to="/home/Home" replace /> },
              { path: '404', element: <NotFound /> },
              // Every other screen comes from the user's menu (static component map), else 404.
              { path: '*', lazy: screen(() => import('./menu/MenuScreen')) },
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
