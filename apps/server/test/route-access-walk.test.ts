import { ROLE_CODES, type RoleCode, TOKEN_HEADER } from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleId } from '../src/modules/permission';
import { permissions, rolePermissions } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { REFUSED_BY_HANDLER, ROLE_LETTERS, ROUTE_CASES } from './route-access-cases';
import { tokenOf } from './support/api';

/**
 * Walks every registered API route as nobody and as each demo role, and compares each answer with
 * the route's case in route-access-cases.ts (who may reach it) and with the role's grants in the
 * database. A route without a case fails, so a new route cannot slip in unconsidered.
 *
 * A request the access check lets through must not do anything: writes are sent with a body of
 * an unknown media type, which the server refuses (415) only after the access check, before any
 * handler runs; reads run for real (they change nothing).
 */

/** Error codes of the access check itself (a handler's own refusals are other codes). */
const ACCESS_REFUSALS = new Set([
  'UNAUTHORIZED',
  'TOKEN_INVALID',
  'LOGIN_EXPIRED',
  'NO_OPERATION_PERMISSION',
]);
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

let s: TestServer;
const tokens = new Map<RoleCode, string>();
const grants = new Map<RoleCode, Set<string>>();
const DEMO_USER: Record<RoleCode, string> = {
  admin: 'admin',
  sales: 'sales',
  distributor: 'distributor',
  agent: 'agent',
  customer: 'customer',
};

beforeAll(async () => {
  s = await startServer();
  const db = s.app.database.db;
  for (const role of ROLE_CODES) {
    tokens.set(role, await tokenOf(s, DEMO_USER[role]));
    const rows = await db
      .select({ perms: permissions.perms, status: permissions.status })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, roleId(role)));
    grants.set(role, new Set(rows.filter((r) => r.status === 1 && r.perms).map((r) => r.perms as string)));
  }
}, 120_000);
afterAll(() => s.close());

const apiRoutes = () =>
  s.app.routes
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
    .map((r) => ({ ...r, key: `${r.method} ${r.url}` }));

const lettersOf = (roles: readonly RoleCode[]) =>
  roles
    .map((r) => ROLE_LETTERS[r])
    .sort()
    .join('');

/** Who the route's declaration and the roles' grants let in (A S D G C, and '*' for anyone). */
function allowedByGrants(access: (typeof s.app.routes)[number]['access']): string {
  if (access === 'public') return '*';
  if (access === 'user') return lettersOf(ROLE_CODES);
  if (access === undefined) return '';
  return lettersOf(ROLE_CODES.filter((role) => grants.get(role)?.has(access.permission)));
}

async function reached(method: string, url: string, token: string | undefined): Promise<boolean> {
  const path = url.replace(/:(\w+)/g, (_m, name: string) => (name === 'key' ? 'walk' : SAMPLE_ID));
  const headers: Record<string, string> = { 'X-Locale': 'en-US' };
  if (token) headers[TOKEN_HEADER] = token;
  const write = method !== 'GET';
  if (write) headers['Content-Type'] = 'application/x-route-walk';
  const res = await fetch(`${s.baseUrl}${path}`, { method, headers, body: write ? 'walk' : undefined });
  const text = await res.text();
  expect(res.status, `${method} ${url}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status !== 401 && res.status !== 403) return true;
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { errorCode?: string }).errorCode;
  } catch {
    code = undefined;
  }
  return !ACCESS_REFUSALS.has(code ?? '');
}

describe('every route, walked with each demo role', () => {
  it('has a case for every route, and no case for a route that is gone', () => {
    const keys = apiRoutes().map((r) => r.key);
    const missing = keys.filter((k) => !(k in ROUTE_CASES));
    const stale = Object.keys(ROUTE_CASES).filter((k) => !keys.includes(k));
    // A new route: add its case (who of A admin, S sales, D distributor, G agent, C customer may
    // reach it, or '*' for anyone) after deciding who should.
    expect(
      missing.map((k) => `  '${k}': '${allowedByGrants(apiRoutes().find((r) => r.key === k)?.access)}',`),
    ).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('matches each case with the route’s declaration and the roles’ grants', () => {
    const differing = apiRoutes()
      .filter((r) => r.key in ROUTE_CASES && ROUTE_CASES[r.key] !== allowedByGrants(r.access))
      .map((r) => `${r.key}: case ${ROUTE_CASES[r.key]}, granted ${allowedByGrants(r.access)}`);
    expect(differing).toEqual([]);
  });

  it('answers each role as its case says: nothing reached that should not be, nothing refused that should not be', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const expected = ROUTE_CASES[route.key];
      if (expected === undefined) continue;
      if ((await reached(route.method, route.url, undefined)) !== (expected === '*')) {
        wrong.push(`${route.key} without a session: ${expected === '*' ? 'refused' : 'reached'}`);
      }
      for (const role of ROLE_CODES) {
        const letter = ROLE_LETTERS[role];
        const allowed =
          (expected === '*' || expected.includes(letter)) && !REFUSED_BY_HANDLER[route.key]?.includes(letter);
        if ((await reached(route.method, route.url, tokens.get(role))) !== allowed) {
          wrong.push(`${route.key} as ${role}: ${allowed ? 'refused' : 'reached'}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});
