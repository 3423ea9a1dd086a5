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
    const known = new Set(await s.app.services.roles.permissionCodes());
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

  it('documents every API route in the OpenAPI document, for staff only', async () => {
    const { tokenOf } = await import('./support/api');
    expect((await s.call('GET', '/openapi.json')).status).toBe(401);
    expect((await s.call('GET', '/openapi.json', { token: await tokenOf(s, 'customer') })).status).toBe(403);
    const res = await s.call('GET', '/openapi.json', { token: await tokenOf(s, 'admin') });
    expect(res.status).toBe(200);
    const doc = res.body as unknown as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { summary?: string; tags?: string[]; responses?: Record<string, unknown>; 'x-permission'?: string }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    // Every API route but the document itself and the socket is there, with a summary, a module
    // and its success answer. The customer HTTP API (/api/openapi/v1) has a document of its own.
    const routes = s.app.routes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        r.url !== '/api/openapi.json' &&
        !r.url.startsWith('/api/openapi/v1/') &&
        r.method !== 'HEAD',
    );
    for (const route of routes) {
      const entry = documented.find(
        (d) => d.method === route.method && d.path === route.url.replace(/:(\w+)/g, '{$1}'),
      );
      expect(entry, `${route.method} ${route.url} is not documented`).toBeDefined();
      expect(entry!.op.summary, `${route.method} ${route.url} has no summary`).toBeTruthy();
      expect(entry!.op.tags?.length).toBe(1);
      expect(entry!.op.responses?.['200']).toBeDefined();
      if (typeof route.access === 'object') expect(entry!.op['x-permission']).toBe(route.access.permission);
    }
  });
});
