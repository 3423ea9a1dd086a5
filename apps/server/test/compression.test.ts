import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_PREFIX, TOKEN_HEADER } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COMPRESS_THRESHOLD, compressHead, finishCompressed } from '../src/platform/compression';
import { startServer, type TestServer } from './harness';
import { userId } from './support/api';
import { type RawResponse, rawRequest } from './support/raw-http';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = (await s.login('admin')).token;
});
afterAll(() => s.close());

// The admin's menu tree and permissions: several kB of JSON.
const LARGE = '/sys/permission/getUserPermissionByToken';
const api = (p: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  rawRequest(`${s.baseUrl}${API_PREFIX}${p}`, {
    headers: {
      ...headers,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });
const decode = (res: RawResponse) => {
  const encoding = res.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(res.body)
      : encoding === 'gzip'
        ? gunzipSync(res.body)
        : res.body;
  return JSON.parse(body.toString()) as { success: boolean; errorCode?: string; result: unknown };
};

describe('API answers are compressed from 1 kB on', () => {
  it('sends a large answer as brotli or gzip as the client asks, the same JSON decoded', async () => {
    const plain = await api(LARGE, undefined, { [TOKEN_HEADER]: token });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const expected = decode(plain).result;

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await api(LARGE, accept, { [TOKEN_HEADER]: token });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body.length).toBeLessThan(plain.body.length);
      expect(decode(res).result).toEqual(expected);
    }
  });

  it('sends small answers and error envelopes as they are', async () => {
    const health = await api('/health', 'br, gzip');
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(decode(health).success).toBe(true);

    const unauthorised = await api(LARGE, 'br, gzip');
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers['content-encoding']).toBeUndefined();
    expect(decode(unauthorised)).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED' });

    const missing = await api('/no/such/thing', 'br, gzip');
    expect(missing.status).toBe(404);
    expect(decode(missing)).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  it('leaves the websocket upgrade alone for a browser that accepts compression', async () => {
    const url = `${s.baseUrl.replace('http', 'ws')}/websocket/${userId('admin')}`;
    const socket = new WebSocket(url, ['switchboard', token], {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const protocol = await new Promise<string>((resolve, reject) => {
      socket.on('open', () => resolve(socket.protocol));
      socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      socket.on('error', reject);
    });
    expect(protocol).toBe('switchboard');
    socket.close();
  });
});

describe('answers compressed once with a tail added per request', () => {
  const heads = [
    '{"a":',
    `{"menu":${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Menu ${i % 7}`, zh: '菜单' })))}`,
  ];
  const tails = ['1}', `${Number.MAX_SAFE_INTEGER}}`, 'é'.repeat(300), 'z'.repeat(0xffff)];

  it('decode to head and tail, with brotli and with gzip (CRC and length checked)', () => {
    for (const head of heads) {
      const br = compressHead('br', head);
      const gzip = compressHead('gzip', head);
      for (const tail of tails) {
        expect(brotliDecompressSync(finishCompressed(br, tail)).toString()).toBe(head + tail);
        expect(gunzipSync(finishCompressed(gzip, tail)).toString()).toBe(head + tail);
      }
    }
  });

  it('refuses a tail that one stored block cannot hold', () => {
    expect(() => finishCompressed(compressHead('br', '{'), '')).toThrow(RangeError);
    expect(() => finishCompressed(compressHead('gzip', '{'), 'z'.repeat(0x10000))).toThrow(RangeError);
  });
});
