import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/users';
import { endSession, startSession } from './session';
import { NoticeSocket, NoticeSocketHub, noticeSocketUrl, useNoticeSocket } from './websocket';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((event?: { code: number }) => void) | null = null;
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
  /** A dead connection: close() does not report back (as browsers may for minutes). */
  silentClose = false;
  close() {
    if (this.readyState === 3) return;
    if (this.silentClose) {
      this.readyState = 2;
      return;
    }
    this.readyState = 3;
    this.onclose?.({ code: 1005 });
  }
  /** The server closes the connection with `code`. */
  closedByServer(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
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
    expect(socket.state).toBe('reconnecting');
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // Still reconnecting until the new socket opens.
    expect(socket.state).toBe('reconnecting');
    FakeSocket.all[1]!.open();
    expect(socket.state).toBe('open');
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

describe('NoticeSocket, a session ended on the server', () => {
  it('closes for good on 4401 and says the session ended (no reconnect loop)', () => {
    const ended = vi.fn();
    const socket = new NoticeSocket({
      url: 'ws://host/websocket/u1',
      token: 'tok',
      onMessage: () => {},
      onSessionEnded: ended,
      createSocket: (url, protocols) => new FakeSocket(url, protocols) as unknown as WebSocket,
    });
    socket.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.closedByServer(4401);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(socket.state).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnects after any other close from the server', () => {
    const ended = vi.fn();
    const socket = new NoticeSocket({
      url: 'ws://host/websocket/u1',
      token: 'tok',
      onMessage: () => {},
      onSessionEnded: ended,
      createSocket: (url, protocols) => new FakeSocket(url, protocols) as unknown as WebSocket,
    });
    socket.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.closedByServer(1001);
    expect(socket.state).toBe('reconnecting');
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(ended).not.toHaveBeenCalled();
    socket.close();
  });
});

describe('NoticeSocket, more', () => {
  it('ignores binary frames, invalid JSON and frames of the wrong shape', () => {
    const { first, messages } = setup();
    first.receive(new ArrayBuffer(4));
    first.receive('{not json');
    first.receive(JSON.stringify({ cmd: 'topic', msgId: 5 }));
    first.receive(JSON.stringify(null));
    first.receive(JSON.stringify(['topic']));
    expect(messages).toEqual([]);
    expect(first.readyState).toBe(1);
  });

  it('reconnects 5 s after a dead socket even when its close is never reported', () => {
    const { socket, first } = setup();
    first.silentClose = true;
    vi.advanceTimersByTime(20_000);
    expect(first.sent).toEqual(['HeartBeat']);
    vi.advanceTimersByTime(9_999);
    expect(socket.state).toBe('open');
    vi.advanceTimersByTime(1);
    expect(socket.state).toBe('reconnecting');
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects after an error as well', () => {
    const { first } = setup();
    first.onerror?.();
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('builds ws:// or wss:// from the page, with no token', () => {
    expect(noticeSocketUrl('u 1', { protocol: 'https:', host: 'a.example:8443' } as Location)).toBe(
      'wss://a.example:8443/websocket/u%201',
    );
    expect(noticeSocketUrl('u1', { protocol: 'http:', host: 'localhost' } as Location)).toBe(
      'ws://localhost/websocket/u1',
    );
  });
});

describe('NoticeSocketHub and useNoticeSocket', () => {
  const factory = (url: string, protocols: string[]) =>
    new FakeSocket(url, protocols) as unknown as WebSocket;
  const userInfo = testUser({ username: 'amy', realname: 'Amy', isAdmin: false, orgCode: null, roles: [] });

  it('shares one socket between listeners and closes it with the last one', () => {
    const hub = new NoticeSocketHub(factory, (id) => `ws://h/websocket/${id}`);
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = hub.subscribe((m) => a.push(m));
    const offB = hub.subscribe((m) => b.push(m));
    const releaseA = hub.acquire('u1', 't');
    const releaseB = hub.acquire('u1', 't');
    expect(FakeSocket.all).toHaveLength(1);
    FakeSocket.all[0]!.open();
    expect(hub.getState()).toBe('open');
    FakeSocket.all[0]!.receive(JSON.stringify({ cmd: 'user', msgId: '9', msgTxt: '' }));
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    offA();
    offB();
    releaseA();
    expect(FakeSocket.all[0]!.readyState).toBe(1);
    releaseB();
    expect(FakeSocket.all[0]!.readyState).toBe(3);
    expect(hub.getState()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('tells its listeners whose session the server ended, and stays closed', () => {
    const hub = new NoticeSocketHub(factory, (id) => `ws://h/websocket/${id}`);
    const ended: string[] = [];
    const off = hub.onSessionEnded((token) => ended.push(token));
    hub.acquire('u1', 'tok-9');
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.closedByServer(4401);
    expect(ended).toEqual(['tok-9']);
    expect(hub.getState()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    off();
  });

  it('opens while signed in, passes messages to the hook and closes at sign-out', () => {
    const hub = new NoticeSocketHub(factory, (id) => `ws://h/websocket/${id}`);
    startSession({ token: 'tok-1', userInfo, needsDepartment: false });
    const onMessage = vi.fn();
    const { result } = renderHook(() => useNoticeSocket(onMessage, hub));
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.all[0]!.url).toBe('ws://h/websocket/u1');
    expect(FakeSocket.all[0]!.protocols).toEqual(['switchboard', 'tok-1']);
    expect(result.current).toBe('connecting');
    act(() => FakeSocket.all[0]!.open());
    expect(result.current).toBe('open');
    act(() => FakeSocket.all[0]!.receive(JSON.stringify({ cmd: 'topic', msgId: '1', msgTxt: 'x' })));
    expect(onMessage).toHaveBeenCalledWith({ cmd: 'topic', msgId: '1', msgTxt: 'x' });
    act(() => endSession({ reason: 'logout', message: '' }));
    expect(FakeSocket.all[0]!.readyState).toBe(3);
    expect(result.current).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
