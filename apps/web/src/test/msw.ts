import { setupServer } from 'msw/node';

/**
 * The web tests' fake network (Mock Service Worker): one server per test worker, listening from
 * the first test file's set-up on (src/test/setup.ts). It intercepts fetch, XMLHttpRequest and
 * Node's http, and WebSocket connections; a test answers with `fakeApi` (src/test/fake-api.tsx) or
 * `server.use(...)` (`http` and `ws` handlers of msw), and the set-up drops every test's handlers
 * after it. A request or socket nothing answers fails the test that made it (`unhandledRequests`,
 * checked after each test), besides failing the request itself.
 */
export const server = setupServer();

/** Requests no handler answered since the last check, as "METHOD url". */
export const unhandledRequests: string[] = [];

let listening = false;

/**
 * Starts the server once per worker. The `web` project runs its files in one module registry
 * (`isolate: false`): this module, and its flag, are evaluated once, though the set-up file runs
 * for each test file. Each file of `web-isolated` runs in a worker of its own.
 */
export function listenOnce(): void {
  if (listening) return;
  server.listen({
    onUnhandledRequest(request, print) {
      unhandledRequests.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
  listening = true;
}

/** Throws for the requests no handler answered since the last call, and forgets them. */
export function checkUnhandledRequests(): void {
  const unhandled = unhandledRequests.splice(0);
  if (unhandled.length > 0) {
    throw new Error(
      `Requests nothing answered (give the test a fakeApi, or an http or ws handler with server.use): ${unhandled.join(', ')}`,
    );
  }
}
