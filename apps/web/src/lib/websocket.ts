import {
  SOCKET_HEARTBEAT,
  SOCKET_PROTOCOL,
  type SocketMessage,
  socketMessageSchema,
  WS_HEARTBEAT_IDLE_MS,
  WS_RECONNECT_MS,
} from '@switchboard/contracts';

export type SocketState = 'connecting' | 'open' | 'closed';

/** How long an unanswered heartbeat may wait before the socket counts as dead. */
export const HEARTBEAT_ANSWER_MS = 10_000;

type SocketFactory = (url: string, protocols: string[]) => WebSocket;

export interface NoticeSocketOptions {
  url: string;
  token: string;
  onMessage: (message: SocketMessage) => void;
  onStateChange?: (state: SocketState) => void;
  createSocket?: SocketFactory;
}

/**
 * The notices websocket: the token travels as a subprotocol (never in the URL), frames are JSON
 * checked against the contract, `HeartBeat` goes out after 20 s without traffic, a socket that
 * does not answer is dropped, and a lost connection comes back after 5 s until close().
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
    this.connect();
  }

  private setState(state: SocketState) {
    this.state = state;
    this.options.onStateChange?.(state);
  }

  private connect() {
    const create = this.options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols));
    this.setState('connecting');
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
    socket.onclose = () => this.lost(socket);
    socket.onerror = () => this.lost(socket);
  }

  /** Any traffic postpones the heartbeat; an unanswered heartbeat ends the socket. */
  private armHeartbeat() {
    clearTimeout(this.idleTimer);
    clearTimeout(this.answerTimer);
    this.idleTimer = setTimeout(() => {
      if (this.socket?.readyState !== 1) return;
      this.socket.send(SOCKET_HEARTBEAT);
      this.answerTimer = setTimeout(() => this.socket?.close(), HEARTBEAT_ANSWER_MS);
    }, WS_HEARTBEAT_IDLE_MS);
  }

  private lost(socket: WebSocket) {
    if (socket !== this.socket) return;
    clearTimeout(this.idleTimer);
    clearTimeout(this.answerTimer);
    this.socket = null;
    this.setState('closed');
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), WS_RECONNECT_MS);
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
