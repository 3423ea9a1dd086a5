import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('route declarations', () => {
  it('every registered route declares public, user or a permission code', () => {
    const api = s.app.routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(15);
    const undeclared = s.app.routes.filter((r) => r.access === undefined && r.url.startsWith('/api'));
    expect(undeclared).toEqual([]);
  });

  it('every permission code a route needs exists in the seeded menu tree', async () => {
    const { permissions } = await import('../src/db/schema');
    const rows = await s.app.database.db.select({ perms: permissions.perms }).from(permissions);
    const known = new Set(rows.map((r) => r.perms));
    const needed = s.app.routes.flatMap((r) => (typeof r.access === 'object' ? [r.access.permission] : []));
    expect(needed.length).toBeGreaterThan(0);
    expect(needed.filter((p) => !known.has(p))).toEqual([]);
  });

  it('a route without a declaration is refused at request time', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAccessControl } = await import('../src/platform/access');
    const bare = Fastify();
    const routes = registerAccessControl(bare, s.app.services.sessions);
    bare.get('/forgotten', async () => ({ leaked: true }));
    bare.get('/open', { config: { access: 'public' } }, async () => ({ fine: true }));
    await bare.ready();
    expect(routes.find((r) => r.url === '/forgotten')?.access).toBeUndefined();
    const refused = await bare.inject({ method: 'GET', url: '/forgotten' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('leaked');
    const open = await bare.inject({ method: 'GET', url: '/open' });
    expect(open.statusCode).toBe(200);
    await bare.close();
  });
});
