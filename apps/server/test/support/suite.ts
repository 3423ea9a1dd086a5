import { afterAll, beforeAll } from 'vitest';
import { type CallOptions, type CallResult, startServer, type TestServer } from '../harness';
import { tokenOf } from './api';

/** A request as one of a file's signed-in users, named by username ('admin', 'customer', …). */
export type CallAs = <T = unknown>(
  user: string,
  method: string,
  path: string,
  options?: Omit<CallOptions, 'token'>,
) => Promise<CallResult<T>>;

/** Requests as the users whose tokens `tokens` holds, on the server `server()` answers. */
export function callAs(server: () => TestServer, tokens: Record<string, string>): CallAs {
  return <T>(user: string, method: string, path: string, options: Omit<CallOptions, 'token'> = {}) =>
    server().call<T>(method, path, { token: tokens[user], ...options });
}

/** Every demo user (the seed's): staff, the reseller chain and the customers. */
export const DEMO_USERS = [
  'admin',
  'sales',
  'distributor',
  'agent',
  'customer',
  'customer2',
  'agentcustomer',
];

/** A test file's server with its users signed in (see apiSuite). */
export interface ApiSuite {
  /** The file's server (started in `beforeAll`; throws before). */
  s(): TestServer;
  /** The signed-in users' tokens, by username. */
  tokens: Record<string, string>;
  call: CallAs;
}

/**
 * What an API test file starts with: its own server, started in `beforeAll` (by `start`; a plain
 * `startServer()` unless given) and closed in `afterAll`, with the demo `users` signed in on it.
 * Called at the top of the file, so that the file's own hooks run after the start and before the
 * close.
 */
export function apiSuite(
  users: readonly string[],
  start: () => Promise<TestServer> = () => startServer(),
): ApiSuite {
  let server: TestServer | undefined;
  const tokens: Record<string, string> = {};
  const s = (): TestServer => {
    if (!server) throw new Error('the test server has not started');
    return server;
  };
  beforeAll(async () => {
    server = await start();
    for (const user of users) tokens[user] = await tokenOf(server, user);
  });
  afterAll(() => server?.close());
  return { s, tokens, call: callAs(s, tokens) };
}
