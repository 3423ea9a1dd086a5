import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      {/* Navigations render as plain updates, not transitions: the tabs (MultiTabs) see every
          address. In a transition React drops a pending render when the next navigation comes (a
          filter applied, then another screen opened at once), so that address was never seen and
          its tab kept the old query; a new screen's lazy chunk also held the old page (and no tab)
          on screen until it loaded. */}
      <RouterProvider router={router} useTransitions={false} />
    </AppProviders>
  );
}
