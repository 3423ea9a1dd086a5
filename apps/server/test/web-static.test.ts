import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Switchboard</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  s = await startServer({}, { webDist: dist });
});
afterAll(async () => {
  await s.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the console is served with the API', () => {
  it('serves index.html at / and for client-side routes, not cached', async () => {
    for (const p of ['/', '/home/Home', '/user/login?redirect=%2Fx']) {
      const res = await fetch(`${s.baseUrl}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Switchboard</title>');
    }
  });

  it('serves hashed assets publicly with long caching', async () => {
    const res = await fetch(`${s.baseUrl}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe('console.log(1)');
  });

  it('keeps API 404s as envelopes and sends a CSP without forced HTTPS', async () => {
    const res = await fetch(`${s.baseUrl}/api/no/such/thing`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe('NOT_FOUND');
    const csp = (await fetch(`${s.baseUrl}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
