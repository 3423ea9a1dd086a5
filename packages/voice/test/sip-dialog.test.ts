/**
 * Dialog rules checked against a raw UDP peer that we script by hand: the ACK of a 2xx sent again
 * for a retransmitted 2xx, CANCEL reusing the INVITE's Via, the UAS's 2xx retransmitted until the
 * ACK, and BYE with the next CSeq.
 */
import dgram from 'node:dgram';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildSdp,
  createSipStack,
  makeResponse,
  parseCSeq,
  parseMessage,
  type SipMessage,
  type SipRequest,
  type SipStack,
  serializeMessage,
  textBody,
} from '../src';

const wait = { timeout: 10_000, interval: 10 };
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function rawPeer() {
  const sock = dgram.createSocket('udp4');
  await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
  const got: { msg: SipMessage; port: number }[] = [];
  sock.on('message', (d, r) => got.push({ msg: parseMessage(d), port: r.port }));
  cleanup.push(() => sock.close());
  return {
    port: sock.address().port,
    got,
    send: (m: SipMessage, port: number) => sock.send(serializeMessage(m), port, '127.0.0.1'),
    requests: (method: string) =>
      got.map((g) => g.msg).filter((m): m is SipRequest => m.kind === 'request' && m.method === method),
    responses: (status: number) =>
      got.map((g) => g.msg).filter((m) => m.kind === 'response' && m.status === status),
  };
}

async function stackOn(t1 = 500): Promise<SipStack> {
  const s = await createSipStack({
    host: '127.0.0.1',
    port: 0,
    transports: ['udp'],
    userAgent: 't',
    timers: { t1, t2: 4 * t1 },
  });
  cleanup.push(() => s.close());
  return s;
}

describe('UAC dialog', () => {
  it('ACKs a 2xx with a new branch, ACKs its retransmission again, and sends BYE with the next CSeq', async () => {
    const peer = await rawPeer();
    const stack = await stackOn();
    const call = stack.invite({
      to: '100',
      from: '200',
      target: { host: '127.0.0.1', port: peer.port, transport: 'udp' },
      sdp: buildSdp({ address: '127.0.0.1', port: 40000 }),
      ringTimeoutMs: 5_000,
    });
    await vi.waitFor(() => expect(peer.requests('INVITE')).toHaveLength(1), wait);
    const invite = peer.requests('INVITE')[0]!;
    const ok = makeResponse(invite, 200, 'OK', 'peer');
    ok.headers.set('contact', `<sip:100@127.0.0.1:${peer.port}>`);
    ok.headers.set('content-type', 'application/sdp');
    ok.body = textBody(buildSdp({ address: '127.0.0.1', port: 40002 }));
    peer.send(ok, stack.port());
    await call.answered();
    peer.send(ok, stack.port()); // as if our ACK was lost
    await vi.waitFor(() => expect(peer.requests('ACK')).toHaveLength(2), wait);
    const [ack1, ack2] = peer.requests('ACK');
    expect(serializeMessage(ack2!)).toEqual(serializeMessage(ack1!));
    expect(ack1!.headers.get('via')).not.toBe(invite.headers.get('via'));
    expect(ack1!.headers.get('cseq')).toBe('1 ACK');
    expect(ack1!.headers.get('to')).toContain('tag=peer');
    call.hangup();
    await vi.waitFor(() => expect(peer.requests('BYE')).toHaveLength(1), wait);
    const bye = peer.requests('BYE')[0]!;
    expect(parseCSeq(bye.headers.get('cseq'))).toEqual({ seq: 2, method: 'BYE' });
    expect(bye.uri).toBe(`sip:100@127.0.0.1:${peer.port}`);
    peer.send(makeResponse(bye, 200, 'OK'), stack.port());
    expect(await call.done).toEqual({ cause: 'normal', by: 'us' });
  });

  it('waits for a provisional before CANCEL, and the CANCEL reuses the INVITE’s Via and CSeq number', async () => {
    const peer = await rawPeer();
    const stack = await stackOn();
    const call = stack.invite({
      to: '100',
      from: '200',
      target: { host: '127.0.0.1', port: peer.port, transport: 'udp' },
      sdp: buildSdp({ address: '127.0.0.1', port: 40000 }),
      ringTimeoutMs: 5_000,
    });
    await vi.waitFor(() => expect(peer.requests('INVITE')).toHaveLength(1), wait);
    call.cancel();
    const invite = peer.requests('INVITE')[0]!;
    expect(peer.requests('CANCEL')).toHaveLength(0);
    peer.send(makeResponse(invite, 180, 'Ringing', 'peer'), stack.port());
    await vi.waitFor(() => expect(peer.requests('CANCEL')).toHaveLength(1), wait);
    const cancel = peer.requests('CANCEL')[0]!;
    expect(cancel.headers.get('via')).toBe(invite.headers.get('via'));
    expect(cancel.headers.get('cseq')).toBe('1 CANCEL');
    expect(cancel.uri).toBe(invite.uri);
    peer.send(makeResponse(cancel, 200, 'OK', 'peer'), stack.port());
    peer.send(makeResponse(invite, 487, 'Request Terminated', 'peer'), stack.port());
    expect(await call.done).toEqual({ cause: 'cancelled', sipCode: 487, by: 'us' });
    await vi.waitFor(() => expect(peer.requests('ACK')).toHaveLength(1), wait);
    expect(peer.requests('ACK')[0]!.headers.get('via')).toBe(invite.headers.get('via'));
  });
});

describe('UAS dialog', () => {
  it('retransmits the 2xx (T1 doubling) until the ACK, then stops; the caller’s BYE ends it', async () => {
    const peer = await rawPeer();
    const stack = await stackOn(100);
    const confirmed = vi.fn();
    stack.onInvite((call) => {
      call.on('confirmed', confirmed);
      call.ring();
      call.answer(buildSdp({ address: '127.0.0.1', port: 40010 }));
    });
    const raw = (method: string, seq: number, toTag = '') =>
      parseMessage(
        new TextEncoder().encode(
          [
            `${method} sip:300@127.0.0.1:${stack.port()} SIP/2.0`,
            `Via: SIP/2.0/UDP 127.0.0.1:${peer.port};branch=z9hG4bK${method}${seq}`,
            `From: <sip:200@127.0.0.1>;tag=caller`,
            `To: <sip:300@127.0.0.1>${toTag}`,
            'Call-ID: uas-test-1',
            `CSeq: ${seq} ${method}`,
            `Contact: <sip:200@127.0.0.1:${peer.port}>`,
            'Content-Type: application/sdp',
            '',
            buildSdp({ address: '127.0.0.1', port: 40012 }),
          ].join('\r\n'),
        ),
      );
    peer.send(raw('INVITE', 1), stack.port());
    await vi.waitFor(() => expect(peer.responses(200).length).toBeGreaterThanOrEqual(3), wait);
    expect(peer.responses(100)).toHaveLength(1);
    expect(peer.responses(180)).toHaveLength(1);
    const tag = /tag=(\w+)/.exec(peer.responses(200)[0]!.headers.get('to')!)![1];
    peer.send(raw('ACK', 1, `;tag=${tag}`), stack.port());
    await vi.waitFor(() => expect(confirmed).toHaveBeenCalledOnce(), wait);
    const count = peer.responses(200).length;
    peer.send(raw('BYE', 2, `;tag=${tag}`), stack.port());
    await vi.waitFor(() => expect(peer.responses(200).length).toBe(count + 1), wait);
    expect(peer.responses(200).at(-1)!.headers.get('cseq')).toBe('2 BYE');
  });
});

describe('unreachable targets', () => {
  it('a TCP target refusing the connection fails the call and OPTIONS at once with 503', async () => {
    const s = await createSipStack({
      host: '127.0.0.1',
      port: 0,
      transports: ['udp', 'tcp'],
      userAgent: 't',
    });
    cleanup.push(() => s.close());
    const closed = await rawPeer(); // a UDP port: nothing listens on TCP there
    const target = { host: '127.0.0.1', port: closed.port, transport: 'tcp' } as const;
    const call = s.invite({
      to: '100',
      from: '200',
      target,
      sdp: buildSdp({ address: '127.0.0.1', port: 40000 }),
      ringTimeoutMs: 5_000,
    });
    expect(await call.done).toEqual({ cause: 'failed', sipCode: 503, by: 'remote' });
    expect((await s.options(target)).status).toBe(503);
  });
});
