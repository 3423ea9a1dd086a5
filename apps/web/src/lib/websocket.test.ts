import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeSocket } from './websocket';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.();
  }
}

function setup() {
  const messages: unknown[] = [];
  const socket = new NoticeSocket({
    url: 'ws://host/websocket/u1',
    token: 'tok',
    onMessage: (m) => messages.push(m),
    createSocket: (url, protocols) => new FakeSocket(url, protocols) as unknown as WebSocket,
  });
  socket.start();
  const first = FakeSocket.all.at(-1)!;
  first.open();
  return { socket, first, messages };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe('NoticeSocket', () => {
  it('sends the token as a subprotocol, never in the URL', () => {
    const { first } = setup();
    expect(first.protocols).toEqual(['switchboard', 'tok']);
    expect(first.url).not.toContain('tok');
  });

  it('passes topic and user frames on, ignores heartchecks and garbage', () => {
    const { first, messages } = setup();
    first.receive(JSON.stringify({ cmd: 'topic', msgId: '1', msgTxt: 'a' }));
    first.receive(JSON.stringify({ cmd: 'heartcheck' }));
    first.receive('alert(1)');
    first.receive(JSON.stringify({ cmd: 'eval', code: 'x' }));
    first.receive(JSON.stringify({ cmd: 'user', msgId: '2', msgTxt: 'b' }));
    expect(messages).toEqual([
      { cmd: 'topic', msgId: '1', msgTxt: 'a' },
      { cmd: 'user', msgId: '2', msgTxt: 'b' },
    ]);
  });

  it('sends HeartBeat after 20 s without traffic, and traffic postpones it', () => {
    const { first } = setup();
    vi.advanceTimersByTime(15_000);
    first.receive(JSON.stringify({ cmd: 'topic', msgId: '1', msgTxt: 'a' }));
    vi.advanceTimersByTime(15_000);
    expect(first.sent).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(first.sent).toEqual(['HeartBeat']);
  });

  it('drops a socket that does not answer and reconnects after 5 s', () => {
    const { socket, first } = setup();
    vi.advanceTimersByTime(20_000 + 10_000);
    expect(first.readyState).toBe(3);
    expect(socket.state).toBe('closed');
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(socket.state).toBe('connecting');
  });

  it('an answered heartbeat keeps the socket', () => {
    const { first } = setup();
    vi.advanceTimersByTime(20_000);
    first.receive(JSON.stringify({ cmd: 'heartcheck' }));
    vi.advanceTimersByTime(15_000);
    expect(first.readyState).toBe(1);
  });

  it('reconnects after an error or close, but not after close()', () => {
    const { socket, first } = setup();
    first.close();
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    socket.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(socket.state).toBe('closed');
  });
});
