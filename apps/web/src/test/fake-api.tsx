import { LOCALE_HEADER } from '@switchboard/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { AntdProviders } from '@/app/AntdRoot';
import { ErrorDisplay } from '@/app/providers';
import '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { server } from './msw';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The language the call asked for (X-Locale). */
  locale: string | null;
}

export type Reply =
  | { result: unknown }
  | { status: number; errorCode?: string; message?: string; errors?: unknown; flags?: unknown };
type Route = (call: Call) => Reply | undefined | Promise<Reply | undefined>;

/**
 * A tiny API on the tests' fake network (src/test/msw.ts): `route` answers a call (unwrapped result
 * or an error) in the server's envelope, anything unanswered is a 404. Every call is recorded, in
 * the order the requests were made. It answers every request until the test ends (the set-up drops
 * it); a later `fakeApi` in the same test takes over from it.
 */
export function fakeApi(route: Route) {
  const calls: Call[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      const call: Call = {
        method: request.method,
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
        locale: request.headers.get(LOCALE_HEADER),
      };
      // Recorded as `route` is asked: a test that sees the call may settle an answer `route` holds back.
      calls.push(call);
      const reply = (await route(call)) ?? { status: 404, message: 'not found' };
      if ('result' in reply) {
        return HttpResponse.json({
          success: true,
          message: '',
          code: 200,
          result: reply.result,
          timestamp: 1,
        });
      }
      return HttpResponse.json(
        {
          success: false,
          message: reply.message ?? '',
          code: reply.status,
          // An error's `result` carries flags such as `{captchaRequired: true}`.
          result: reply.flags ?? null,
          errorCode: reply.errorCode,
          errors: reply.errors,
          timestamp: 1,
        },
        { status: reply.status },
      );
    }),
  );
  return { calls };
}

/**
 * Renders inside the console's providers (query client, antd's theme and App, the error display) and a memory
 * router.
 */
export function renderWithProviders(
  element: ReactNode,
  options: { path?: string; routes?: { path: string; element: ReactNode }[] } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter([{ path: options.path ?? '/', element }, ...(options.routes ?? [])], {
    initialEntries: [options.path ?? '/'],
  });
  const view = render(
    <AntdProviders>
      <QueryClientProvider client={queryClient}>
        <ErrorDisplay />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdProviders>,
  );
  return { ...view, queryClient, router };
}

/**
 * Waits until nothing on the page is loading (antd's Spin marks its region aria-busy). A table
 * refetching keeps its old rows under a spinner that takes their clicks (pointer-events: none),
 * so a test that acts on a row after a request must wait for the answer, not only the request.
 */
export async function settled(): Promise<void> {
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
}
