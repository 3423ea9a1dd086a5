import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { rawRequest } from './support/raw-http';

// A built console in miniature, as apps/web's build leaves it: index.html and a hashed asset with
// their .br and .gz files beside them, and a small file without (the build skips those under 1 kB).
const INDEX = `<!doctype html><title>Switchboard</title>${'<div class="sb-login"></div>'.repeat(60)}`;
const APP_JS = `export const greet = () => console.log("switchboard");\n`.repeat(40);
const SMALL_JS = 'console.log(1)';

let s: TestServer;
let dist: string;
const file = (name: string) => fs.readFileSync(path.join(dist, name));
const get = (p: string, acceptEncoding?: string, method = 'GET') =>
  rawRequest(`${s.baseUrl}${p}`, {
    method,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, text: string, compressed: boolean) => {
    fs.writeFileSync(path.join(dist, name), text);
    if (!compressed) return;
    fs.writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  };
  write('index.html', INDEX, true);
  write('assets/app-abc123.js', APP_JS, true);
  write('assets/small-def456.js', SMALL_JS, false);
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
    expect(await res.text()).toBe(APP_JS);
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

describe('precompressed files', () => {
  it('sends the brotli file to a client that accepts br, with its type, encoding and caching', async () => {
    const res = await get('/assets/app-abc123.js', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/javascript; charset=utf-8$/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(file('assets/app-abc123.js.br'))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(APP_JS);
  });

  it('sends the gzip file to a client that accepts gzip only', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body.equals(file('assets/app-abc123.js.gz'))).toBe(true);
    expect(gunzipSync(res.body).toString()).toBe(APP_JS);
  });

  it("follows the client's preferences: br of several, gzip when br is worth less", async () => {
    expect((await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe(
      'br',
    );
    expect((await get('/assets/app-abc123.js', 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('sends the plain file without Accept-Encoding, or when only identity is accepted', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.body.toString()).toBe(APP_JS);
    }
  });

  it('sends a small file that has no compressed sibling as it is', async () => {
    const res = await get('/assets/small-def456.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SMALL_JS);
  });

  it('never serves a .br or .gz file by its own name', async () => {
    const res = await get('/assets/app-abc123.js.br', 'br');
    // Not a file of the console: the path is a client-side route like any other unknown one.
    expect(res.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
  });

  it('compresses the index.html of client-side routes (the not-found fallback) too', async () => {
    for (const p of ['/', '/home/Home', '/user/login?redirect=%2Fx', '/index.html']) {
      const br = await get(p, 'gzip, deflate, br');
      expect(br.status, p).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.body.equals(file('index.html.br'))).toBe(true);
      const gzip = await get(p, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(INDEX);
      const plain = await get(p);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(INDEX);
    }
  });

  it('answers an unchanged index.html with 304 (it is revalidated, not cached)', async () => {
    const first = await get('/home/Home', 'br');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await rawRequest(`${s.baseUrl}/home/Home`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD like GET without a body, at / and client-side routes as for files', async () => {
    for (const [p, accept] of [
      ['/', 'br'],
      ['/', undefined],
      ['/user/login', 'gzip'],
      ['/assets/app-abc123.js', 'br'],
    ] as const) {
      const getRes = await get(p, accept);
      const head = await get(p, accept, 'HEAD');
      expect(head.status, p).toBe(200);
      expect(head.body.length).toBe(0);
      for (const h of [
        'content-type',
        'content-encoding',
        'content-length',
        'cache-control',
        'vary',
        'etag',
      ]) {
        expect(head.headers[h], `${p} ${h}`).toEqual(getRes.headers[h]);
      }
    }
  });

  it('keeps the API out of the fallback: JSON 404 envelopes for any method, other methods 404 too', async () => {
    for (const method of ['GET', 'HEAD', 'POST']) {
      const res = await get('/api/no/such/thing', 'br, gzip', method);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-encoding']).toBeUndefined();
      if (method !== 'HEAD') {
        expect(JSON.parse(res.body.toString())).toMatchObject({
          success: false,
          code: 404,
          errorCode: 'NOT_FOUND',
        });
      }
    }
    const post = await get('/home/Home', 'br', 'POST');
    expect(post.status).toBe(404);
    expect(JSON.parse(post.body.toString())).toMatchObject({ errorCode: 'NOT_FOUND' });
  });
});
