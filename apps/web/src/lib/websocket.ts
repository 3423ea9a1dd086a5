import {
  SOCKET_CLOSE_SESSION_ENDED,
  SOCKET_HEARTBEAT,
  SOCKET_PROTOCOL,
  type SocketMessage,
  socketMessageSchema,
  WS_HEARTBEAT_IDLE_MS,
  WS_RECONNECT_MS,
} from '@switchboard/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSession } from './session';

/** `reconnecting`: the connection was lost and a new one is on its way (5 s, then until it opens). */
export type SocketState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** How long an unanswered heartbeat may wait before the socket counts as dead. */
export const HEARTBEAT_ANSWER_MS = 10_000;

type SocketFactory = (url: string, protocols: string[]) => WebSocket;

export interface NoticeSocketOptions {
  url: string;
  token: string;
  onMessage: (message: SocketMessage) => void;
  onStateChange?: (state: SocketState) => void;
  /**
   * The server closed the socket because its session was revoked (close code 4401: logout
   * elsewhere, password change, freezing). The socket is closed for good: no reconnect.
   */
  onSessionEnded?: () => void;
  createSocket?: SocketFactory;
}

/**
 * The notices websocket: the token travels as a subprotocol (never in the URL), frames are JSON
 * checked against the contract, `HeartBeat` goes out after 20 s without traffic, a socket that
 * does not answer is dropped, and a lost connection comes back after 5 s until close() — or until
 * the server says the session has ended (close code 4401), which no reconnect can mend.
 */
export class NoticeSocket {
  private socket: WebSocket | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  state: SocketState = 'closed';

  constructor(private readonly options: NoticeSocketOptions) {}

  start() {
    this.stopped = false;
    this.connect(false);
  }

  private setState(state: SocketState) {
    this.state = state;
    this.options.onStateChange?.(state);
  }

  private connect(retry: boolean) {
    const create = this.options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols));
    this.setState(retry ? 'reconnecting' : 'connecting');
    const socket = create(this.options.url, [SOCKET_PROTOCOL, this.options.token]);
    this.socket = socket;
    socket.onopen = () => {
      this.setState('open');
      this.armHeartbeat();
    };
    socket.onmessage = (event: MessageEvent) => {
      this.armHeartbeat();
      if (typeof event.data !== 'string') return;
      let parsed: SocketMessage;
      try {
        parsed = socketMessageSchema.parse(JSON.parse(event.data));
      } catch {
        return; // not ours: ignored
      }
      if (parsed.cmd !== 'heartcheck') this.options.onMessage(parsed);
    };
    socket.onclose = (event?: CloseEvent) => {
      if (event?.code === SOCKET_CLOSE_SESSION_ENDED && socket === this.socket) {
        this.close();
        this.options.onSessionEnded?.();
        return;
      }
      this.lost(socket);
    };
    socket.onerror = () => this.lost(socket);
  }

  /** Any traffic postpones the heartbeat; an unanswered heartbeat ends the socket. */
  private armHeartbeat() {
    clearTimeout(this.idleTimer);
    clearTimeout(this.answerTimer);
    this.idleTimer = setTimeout(() => {
      if (this.socket?.readyState !== 1) return;
      const socket = this.socket;
      socket.send(SOCKET_HEARTBEAT);
      this.answerTimer = setTimeout(() => this.drop(socket), HEARTBEAT_ANSWER_MS);
    }, WS_HEARTBEAT_IDLE_MS);
  }

  /**
   * A socket that stopped answering: a browser may take minutes to report the close of a dead
   * connection, so it is forgotten now and the reconnect starts at once.
   */
  private drop(socket: WebSocket) {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close();
    } catch {
      // already closing
    }
    this.lost(socket);
  }

  private lost(socket: WebSocket) {
    if (socket !== this.socket) return;
    clearTimeout(this.idleTimer);
    clearTimeout(this.answerTimer);
    this.socket = null;
    if (this.stopped) {
      this.setState('closed');
      return;
    }
    this.setState('reconnecting');
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(true), WS_RECONNECT_MS);
  }

  /** Closes for good (logout): no reconnect. */
  close() {
    this.stopped = true;
    clearTimeout(this.idleTimer);
    clearTimeout(this.answerTimer);
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setState('closed');
  }
}

/** ws(s)://<host>/websocket/<userId>, following the page's scheme. */
export function noticeSocketUrl(userId: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/websocket/${encodeURIComponent(userId)}`;
}

type Listener<T> = (value: T) => void;

/**
 * One notices socket for the whole page, shared by every component that listens. It is open while
 * at least one listener holds it for a signed-in user; a different user or token reopens it, and
 * `stopNoticeSocket()` (logout) closes it for good until someone acquires it again.
 */
export class NoticeSocketHub {
  private socket: NoticeSocket | null = null;
  private identity: string | null = null;
  private holders = 0;
  private state: SocketState = 'closed';
  private readonly messageListeners = new Set<Listener<SocketMessage>>();
  private readonly stateListeners = new Set<() => void>();
  private readonly sessionEndedListeners = new Set<Listener<string>>();

  constructor(
    private readonly createSocket?: SocketFactory,
    private readonly urlFor: (userId: string) => string = (userId) => noticeSocketUrl(userId),
  ) {}

  getState = (): SocketState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  subscribe(listener: Listener<SocketMessage>): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /**
   * `listener(token)` hears that the server ended the session of `token` (close code 4401); the
   * socket is closed by then.
   */
  onSessionEnded(listener: Listener<string>): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  /** Keeps the socket open for this user until the returned release is called. */
  acquire(userId: string, token: string): () => void {
    this.holders += 1;
    const identity = `${userId}\n${token}`;
    if (this.identity !== identity || !this.socket) {
      this.socket?.close();
      this.identity = identity;
      this.socket = new NoticeSocket({
        url: this.urlFor(userId),
        token,
        createSocket: this.createSocket,
        onMessage: (message) => {
          for (const listener of [...this.messageListeners]) listener(message);
        },
        onStateChange: (state) => this.setState(state),
        onSessionEnded: () => {
          this.stop();
          for (const listener of [...this.sessionEndedListeners]) listener(token);
        },
      });
      this.socket.start();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      if (this.holders <= 0) this.stop();
    };
  }

  /** Closes the socket (logout): no reconnect. */
  stop() {
    this.holders = 0;
    const socket = this.socket;
    this.socket = null;
    this.identity = null;
    socket?.close();
    this.setState('closed');
  }

  private setState(state: SocketState) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener();
  }
}

export const noticeSocketHub = new NoticeSocketHub();

/** Logout: close the notices socket now (the hook would also close it once the session is gone). */
export function stopNoticeSocket(): void {
  noticeSocketHub.stop();
}

/** connecting / open / reconnecting / closed, for a diagnostics screen or a status dot. */
export function useNoticeSocketState(hub: NoticeSocketHub = noticeSocketHub): SocketState {
  return useSyncExternalStore(hub.subscribeState, hub.getState, hub.getState);
}

/**
 * Listens to the notices socket while someone is signed in (opening it if needed) and returns
 * its state. `onMessage` gets `topic` and `user` frames; heartbeats never reach it.
 */
export function useNoticeSocket(
  onMessage: (message: SocketMessage) => void,
  hub: NoticeSocketHub = noticeSocketHub,
): SocketState {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  const session = useSession();
  const userId = session?.userInfo.id;
  const token = session?.token;
  useEffect(() => {
    if (!userId || !token) return;
    const unsubscribe = hub.subscribe((message) => handler.current(message));
    const release = hub.acquire(userId, token);
    return () => {
      unsubscribe();
      release();
    };
  }, [hub, userId, token]);
  return useNoticeSocketState(hub);
}

/** The schema the topic messages of one kind pass (a zod schema's safeParse). */
export interface TopicSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/**
 * Listens (useNoticeSocket) to the topic messages of one `msgId`, each JSON in `msgTxt`: those
 * that parse and pass `schema` reach `onData` (the schema's output, and the JSON as sent), the rest
 * are ignored. Returns the socket's state.
 */
export function useTopicMessages<T>(
  messageId: string,
  schema: TopicSchema<T>,
  onData: (data: T, sent: unknown) => void,
  hub: NoticeSocketHub = noticeSocketHub,
): SocketState {
  return useNoticeSocket((message: SocketMessage) => {
    if (message.cmd !== 'topic' || message.msgId !== messageId) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.msgTxt);
    } catch {
      return;
    }
    const checked = schema.safeParse(parsed);
    if (checked.success) onData(checked.data, parsed);
  }, hub);
}
