/** Whatever a peer sends, the stack neither throws nor stops answering. */
import dgram from 'node:dgram';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSipStack, type SipStack } from '../src';

let stack: SipStack;
const logged: string[] = [];
beforeAll(async () => {
  stack = await createSipStack({
    host: '127.0.0.1',
    port: 0,
    transports: ['udp', 'tcp'],
    userAgent: 't',
    log: (l) => logged.push(l),
  });
});
afterAll(async () => {
  await stack?.close();
});

const hostile = [
  'garbage',
  '\r\n\r\n',
  'INVITE sip:x SIP/2.0\r\n\r\n',
  'INVITE sip:x SIP/2.0\r\nVia: nonsense\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:x@y>\r\nCall-ID: h1\r\nCSeq: 1 INVITE\r\n\r\n',
  'INVITE sip:x SIP/2.0\r\nVia: SIP/2.0/UDP 1.2.3.4;branch=z9hG4bKh\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:x@y>\r\nCall-ID: h2\r\nCSeq: one INVITE\r\n\r\n',
  'BYE sip:x SIP/2.0\r\nVia: SIP/2.0/UDP 1.2.3.4;branch=z9hG4bKh3\r\nFrom: <<<\r\nTo: >>>\r\nCall-ID: h3\r\nCSeq: 1 BYE\r\nContent-Length: 99999\r\n\r\n',
  'SIP/2.0 200 OK\r\nVia: SIP/2.0/UDP 1.2.3.4;branch=z9hG4bKnone\r\nFrom: <sip:a@b>\r\nTo: <sip:x@y>\r\nCall-ID: h4\r\nCSeq: 1 INVITE\r\n\r\n',
  `OPTIONS sip:x SIP/2.0\r\nVia: SIP/2.0/UDP 1.2.3.4;branch=z9hG4bK${'\u0000'.repeat(10)}\r\n\r\n`,
];

describe('hostile input', () => {
  it('drops malformed datagrams and TCP streams and still answers OPTIONS', async () => {
    const sock = dgram.createSocket('udp4');
    for (const h of hostile) sock.send(h, stack.port('udp'), '127.0.0.1');
    sock.send(Buffer.from([0xff, 0xfe, 0x00, 0x80]), stack.port('udp'), '127.0.0.1');
    const tcp = net.connect(stack.port('tcp'), '127.0.0.1');
    tcp.on('error', () => {});
    tcp.write('INVITE sip:x SIP/2.0\r\nVia: SIP/2.0/TCP 1.2.3.4;branch=z9hG4bKt\r\n\r\n'); // no Content-Length on a stream
    await vi.waitFor(() => expect(logged.length).toBeGreaterThanOrEqual(hostile.length - 1), {
      timeout: 10_000,
      interval: 20,
    });
    const res = await stack.options({ host: '127.0.0.1', port: stack.port('udp'), transport: 'udp' });
    expect(res.status).toBe(200);
    const overTcp = await stack.options({ host: '127.0.0.1', port: stack.port('tcp'), transport: 'tcp' });
    expect(overTcp.status).toBe(200);
    sock.close();
    tcp.destroy();
  });

  it('answers an unknown method with 405 and an in-dialog request for no dialog with 481', async () => {
    const target = { host: '127.0.0.1', port: stack.port('udp'), transport: 'udp' } as const;
    const info = await stack.request('MESSAGE', `sip:x@127.0.0.1:${target.port}`, target, {
      from: 'sip:me@127.0.0.1',
    });
    expect(info.status).toBe(405);
    expect(info.headers.get('allow')).toContain('INVITE');
    const bye = await stack.request('BYE', `sip:x@127.0.0.1:${target.port}`, target, {
      from: 'sip:me@127.0.0.1',
    });
    expect(bye.status).toBe(481);
  });
});
