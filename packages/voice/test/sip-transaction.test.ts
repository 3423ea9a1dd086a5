import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ClientTransaction,
  DEFAULT_TIMERS,
  makeResponse,
  parseMessage,
  ServerTransaction,
  type SipMessage,
  type SipRequest,
} from '../src';

const enc = new TextEncoder();

function request(method: string, branch = 'z9hG4bKtest1'): SipRequest {
  return parseMessage(
    enc.encode(
      [
        `${method} sip:100@127.0.0.1 SIP/2.0`,
        `Via: SIP/2.0/UDP 127.0.0.1:5070;branch=${branch}`,
        'From: <sip:a@127.0.0.1>;tag=f',
        'To: <sip:100@127.0.0.1>',
        'Call-ID: c1',
        `CSeq: 1 ${method}`,
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    ),
  ) as SipRequest;
}

/** Times (ms after start) at which each message was sent. */
function recorder() {
  const sent: { at: number; msg: SipMessage }[] = [];
  const start = Date.now();
  return { sent, send: (msg: SipMessage) => sent.push({ at: Date.now() - start, msg }) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('client transactions (RFC 3261 17.1)', () => {
  it('INVITE over UDP: timer A doubles from T1 until timer B gives up at 64*T1', () => {
    const r = recorder();
    const events: string[] = [];
    const tx = new ClientTransaction(request('INVITE'), r.send, false, DEFAULT_TIMERS, {
      onResponse: () => events.push('response'),
      onTimeout: () => events.push('timeout'),
      onTerminated: () => events.push('terminated'),
    });
    tx.start();
    vi.advanceTimersByTime(32_000);
    expect(r.sent.map((s) => s.at)).toEqual([0, 500, 1500, 3500, 7500, 15500, 31500]);
    expect(events).toEqual(['timeout', 'terminated']);
  });

  it('INVITE: a provisional stops retransmission; a failure is ACKed with the same branch and its To tag', () => {
    const r = recorder();
    const got: number[] = [];
    const inv = request('INVITE');
    const tx = new ClientTransaction(inv, r.send, false, DEFAULT_TIMERS, {
      onResponse: (res) => got.push(res.status),
      onTimeout: () => got.push(-1),
      onTerminated: () => {},
    });
    tx.start();
    vi.advanceTimersByTime(600);
    tx.receive(makeResponse(inv, 180, 'Ringing', 'remote'));
    vi.advanceTimersByTime(10_000);
    expect(r.sent).toHaveLength(2);
    const busy = makeResponse(inv, 486, 'Busy Here', 'remote');
    tx.receive(busy);
    tx.receive(busy); // retransmitted by the peer: ACKed again, reported once
    expect(got).toEqual([180, 486]);
    const acks = r.sent.slice(2).map((s) => s.msg as SipRequest);
    expect(acks.map((a) => a.method)).toEqual(['ACK', 'ACK']);
    expect(acks[0]!.headers.get('via')).toBe(inv.headers.get('via'));
    expect(acks[0]!.headers.get('to')).toContain('tag=remote');
    expect(acks[0]!.headers.get('cseq')).toBe('1 ACK');
    expect(tx.state).toBe('completed');
    vi.advanceTimersByTime(32_000); // timer D
    expect(tx.state).toBe('terminated');
  });

  it('non-INVITE over UDP: timer E doubles to T2, timer F at 64*T1; timer K after the final', () => {
    const r = recorder();
    const events: string[] = [];
    const tx = new ClientTransaction(request('OPTIONS'), r.send, false, DEFAULT_TIMERS, {
      onResponse: (res) => events.push(String(res.status)),
      onTimeout: () => events.push('timeout'),
      onTerminated: () => events.push('terminated'),
    });
    tx.start();
    vi.advanceTimersByTime(32_000);
    expect(r.sent.map((s) => s.at)).toEqual([
      0, 500, 1500, 3500, 7500, 11500, 15500, 19500, 23500, 27500, 31500,
    ]);
    expect(events).toEqual(['timeout', 'terminated']);

    const r2 = recorder();
    const opt = request('OPTIONS', 'z9hG4bKtest2');
    const tx2 = new ClientTransaction(opt, r2.send, false, DEFAULT_TIMERS, {
      onResponse: (res) => events.push(String(res.status)),
      onTimeout: () => events.push('timeout'),
      onTerminated: () => events.push('terminated2'),
    });
    tx2.start();
    tx2.receive(makeResponse(opt, 200, 'OK'));
    vi.advanceTimersByTime(4_999);
    expect(tx2.state).toBe('completed');
    vi.advanceTimersByTime(1); // timer K = T4
    expect(events.slice(2)).toEqual(['200', 'terminated2']);
  });

  it('no retransmissions on a reliable transport', () => {
    const r = recorder();
    const tx = new ClientTransaction(request('INVITE'), r.send, true, DEFAULT_TIMERS, {
      onResponse: () => {},
      onTimeout: () => {},
      onTerminated: () => {},
    });
    tx.start();
    vi.advanceTimersByTime(31_000);
    expect(r.sent).toHaveLength(1);
  });
});

describe('server transactions (RFC 3261 17.2)', () => {
  it('INVITE: a failure is resent by timer G (T1 doubling to T2) until the ACK; timer I then ends it', () => {
    const r = recorder();
    let ended = false;
    const inv = request('INVITE');
    const tx = new ServerTransaction(inv, r.send, false, DEFAULT_TIMERS, () => {
      ended = true;
    });
    tx.respond(makeResponse(inv, 100, 'Trying'));
    tx.receive(inv); // retransmitted INVITE: the last provisional again
    tx.respond(makeResponse(inv, 486, 'Busy Here', 'x'));
    vi.advanceTimersByTime(8_000);
    expect(r.sent.map((s) => s.at)).toEqual([0, 0, 0, 500, 1500, 3500, 7500]);
    const ack = request('ACK');
    tx.receive(ack);
    expect(tx.state).toBe('confirmed');
    vi.advanceTimersByTime(10_000);
    expect(r.sent).toHaveLength(7);
    expect(ended).toBe(true);
  });

  it('INVITE: without an ACK, timer H ends it at 64*T1', () => {
    const r = recorder();
    const inv = request('INVITE');
    const tx = new ServerTransaction(inv, r.send, false, DEFAULT_TIMERS, () => {});
    tx.respond(makeResponse(inv, 603, 'Decline', 'x'));
    vi.advanceTimersByTime(31_999);
    expect(tx.state).toBe('completed');
    vi.advanceTimersByTime(1);
    expect(tx.state).toBe('terminated');
  });

  it('non-INVITE: a retransmitted request gets the final again until timer J', () => {
    const r = recorder();
    const req = request('OPTIONS');
    const tx = new ServerTransaction(req, r.send, false, DEFAULT_TIMERS, () => {});
    tx.respond(makeResponse(req, 200, 'OK'));
    tx.receive(req);
    expect(r.sent).toHaveLength(2);
    vi.advanceTimersByTime(32_000);
    expect(tx.state).toBe('terminated');
  });
});

describe('timers after a busy event loop (real timers and a socket)', () => {
  it('does not resend an INVITE whose provisional came while the loop was blocked past timer A', async () => {
    vi.useRealTimers();
    const dgram = await import('node:dgram');
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
    const inv = request('INVITE', 'z9hG4bKbusy');
    const sent: string[] = [];
    const tx = new ClientTransaction(
      inv,
      (msg) => sent.push((msg as SipRequest).method),
      false,
      { ...DEFAULT_TIMERS, t1: 50 },
      { onResponse: () => {}, onTimeout: () => {}, onTerminated: () => {} },
    );
    socket.on('message', () => tx.receive(makeResponse(inv, 180, 'Ringing', 'remote')));
    tx.start();
    // The 180 arrives (in the socket, unread) while the loop is blocked past timer A (T1 = 50 ms).
    const blockedUntil = performance.now() + 150;
    socket.send('180', socket.address().port, '127.0.0.1');
    while (performance.now() < blockedUntil) {
      // busy: the event loop cannot run
    }
    await vi.waitFor(() => expect(tx.state).toBe('proceeding'));
    await new Promise((r) => setTimeout(r, 120)); // past the next timer A (100 ms) too
    expect(sent).toEqual(['INVITE']);
    tx.terminate();
    socket.close();
  });
});
