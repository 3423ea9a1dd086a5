/**
 * SIP over TLS against a TLS listener of our own stack. The certificate is a self-signed fixture
 * (`fixtures/tls-test-*.pem`, CN and SAN localhost / 127.0.0.1, valid 2000-2100; made with
 * `openssl ca -selfsign -startdate 20000101000000Z -enddate 21000101000000Z`): verified by default
 * it is refused, trusted through `tls.ca` or with verification off it carries calls.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { answerWithMedia, createSipStack, dialWithMedia, type SipStack, type TlsOptions } from '../src';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const cert = fixture('tls-test-cert.pem');
const key = fixture('tls-test-key.pem');

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function stack(tls?: TlsOptions): Promise<SipStack> {
  const s = await createSipStack({
    host: '127.0.0.1',
    port: 0,
    transports: ['tls'],
    ...(tls ? { tls } : {}),
    userAgent: 'tls-test',
  });
  cleanup.push(() => s.close());
  return s;
}

/** A UAS on TLS that answers every call with media. */
async function tlsServer(): Promise<SipStack> {
  const server = await stack({ key, cert, port: 0 });
  server.onInvite((call) => {
    void answerWithMedia(server, call).catch(() => {});
  });
  return server;
}

async function call(client: SipStack, port: number, host = '127.0.0.1', verify?: boolean) {
  const target = { host, port, transport: 'tls' as const, ...(verify === undefined ? {} : { verify }) };
  return dialWithMedia(client, { to: '100', from: '200', target, ringTimeoutMs: 5_000 });
}

describe('SIP over TLS', () => {
  it('listens with a certificate, and a client without one names no port of its own', async () => {
    const server = await tlsServer();
    const client = await stack();
    expect(server.port('tls')).toBeGreaterThan(0);
    expect(client.port('tls')).toBe(0);
    expect(client.newVia('tls')).toMatch(/^SIP\/2\.0\/TLS 127\.0\.0\.1;branch=/);
    expect(client.contact('200', 'tls')).toBe('<sip:200@127.0.0.1;transport=tls>');
  });

  it('verifies the certificate by default: a self-signed one is refused, the call fails unplaced', async () => {
    const server = await tlsServer();
    const client = await stack();
    const { call: c } = await call(client, server.port('tls'));
    expect(await c.done).toEqual({ cause: 'failed', sipCode: 503, by: 'remote' });
  });

  it('with verification off, carries a call: INVITE, 200, ACK, BYE over the one connection', async () => {
    const server = await tlsServer();
    const client = await stack();
    const { call: c, media } = await call(client, server.port('tls'), '127.0.0.1', false);
    expect((await media).codec).toBe('PCMU');
    c.hangup();
    expect(await c.done).toEqual({ cause: 'normal', by: 'us' });
    const lines = c.trace.lines().map((l) => l.replace(/^\+\d+ms /, ''));
    expect(lines[0]).toMatch(/^→ INVITE sip:100@127\.0\.0\.1:\d+;transport=tls$/);
    expect(lines).toContain('← 200 OK');
    expect(lines.some((l) => l.startsWith('→ BYE '))).toBe(true);
    expect(c.trace.entries[0]!.text).toContain('Via: SIP/2.0/TLS ');
  });

  it('verifies and accepts a certificate trusted through tls.ca, by IP address and by host name', async () => {
    const server = await tlsServer();
    const client = await stack({ ca: cert });
    for (const host of ['127.0.0.1', 'localhost']) {
      const { call: c, media } = await call(client, server.port('tls'), host);
      await media;
      c.hangup();
      expect(await c.done).toMatchObject({ cause: 'normal' });
    }
  });

  it('keeps a verified and an unverified connection to one peer apart (sent at once, each has its own answer)', async () => {
    const server = await tlsServer();
    const client = await stack();
    const peer = { host: '127.0.0.1', port: server.port('tls'), transport: 'tls' as const };
    const [verified, unverified] = await Promise.all([
      client.options(peer),
      client.options({ ...peer, verify: false }),
    ]);
    expect(verified.status).toBe(503);
    expect(unverified.status).toBe(200);
  });

  it('answers OPTIONS over TLS', async () => {
    const server = await tlsServer();
    const client = await stack();
    const res = await client.options({
      host: '127.0.0.1',
      port: server.port('tls'),
      transport: 'tls',
      verify: false,
    });
    expect(res.status).toBe(200);
  });
});
