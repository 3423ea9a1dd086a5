/**
 * SIP transports: UDP (one socket, a message per datagram), TCP (a listener plus connections
 * kept per peer, framed by Content-Length) and TLS (TCP's framing over node:tls: connections out
 * with the peer's certificate verified unless the peer says not to, a listener when the stack has
 * a certificate of its own). All deliver parsed messages with where they came from; replies go
 * back to that address (over TCP and TLS, on the connection the request came in on).
 */
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import { parseMessage, type SipMessage, SipParseError, StreamParser, serializeMessage } from './message';

export type TransportName = 'udp' | 'tcp' | 'tls';

/** The port a transport is reached on when a URI names none (RFC 3261 19.1.2). */
export const DEFAULT_SIP_PORT: Record<TransportName, number> = { udp: 5060, tcp: 5060, tls: 5061 };

export interface Peer {
  host: string;
  port: number;
  transport: TransportName;
  /**
   * TLS only: verify the peer's certificate (chain and host name; default true). Off for a peer
   * with a self-signed certificate.
   */
  verify?: boolean;
}

export type Receive = (msg: SipMessage, from: Peer) => void;

export interface Transport {
  readonly name: TransportName;
  readonly port: number;
  /** Reliable transports need no retransmission (timers A, E, G are off). */
  readonly reliable: boolean;
  /** `onFail`: the message could not be sent (no route, TCP connection refused). */
  send(msg: SipMessage, to: Peer, onFail?: (err: Error) => void): void;
  close(): Promise<void>;
}

export interface TransportOptions {
  host: string;
  port: number;
  onMessage: Receive;
  onError?: (err: Error, from?: Peer) => void;
}

/** The stack's TLS: its own certificate (a listener is opened only with one) and extra trusted CAs. */
export interface TlsOptions {
  /** The listener's port (0: any free port); used only with `key` and `cert`. */
  port?: number;
  key?: string | Buffer;
  cert?: string | Buffer;
  /** Certificates trusted besides the system's (PEM). */
  ca?: string | Buffer | (string | Buffer)[];
}

export async function openUdp(opts: TransportOptions): Promise<Transport> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (data, rinfo) => {
    const from: Peer = { host: rinfo.address, port: rinfo.port, transport: 'udp' };
    if (data.length <= 4 && data.toString().trim() === '') return; // keep-alive
    let msg: SipMessage;
    try {
      msg = parseMessage(data);
    } catch (err) {
      opts.onError?.(err as Error, from);
      return;
    }
    opts.onMessage(msg, from);
  });
  socket.on('error', (err) => opts.onError?.(err));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(opts.port, opts.host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const port = socket.address().port;
  return {
    name: 'udp',
    port,
    reliable: false,
    send(msg, to, onFail) {
      socket.send(serializeMessage(msg), to.port, to.host, (err) => {
        if (err) onFail?.(err);
      });
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

export function openTcp(opts: TransportOptions): Promise<Transport> {
  return openStream('tcp', opts, {
    listen: (onSocket) => net.createServer(onSocket),
    connect: (to) => {
      const sock = net.connect({ host: to.host, port: to.port });
      return { sock, ready: 'connect' };
    },
  });
}

/**
 * TLS: connections out verify the peer's certificate (chain against the system's CAs and
 * `tls.ca`, and the host name or IP address) unless the peer has `verify: false`; a listener only
 * when `tls.key` and `tls.cert` are given (else the transport's port is 0: Via and Contact name
 * none, 5061 by default, and the peer answers on our connection).
 */
export function openTls(opts: TransportOptions & { tls?: TlsOptions }): Promise<Transport> {
  const t = opts.tls ?? {};
  const listening = t.key !== undefined && t.cert !== undefined;
  return openStream('tls', listening ? { ...opts, port: t.port ?? 0 } : opts, {
    listen: listening ? (onSocket) => tls.createServer({ key: t.key, cert: t.cert }, onSocket) : undefined,
    connect: (to) => {
      const sock = tls.connect({
        host: to.host,
        port: to.port,
        ...(net.isIP(to.host) ? {} : { servername: to.host }),
        rejectUnauthorized: to.verify !== false,
        ...(t.ca !== undefined ? { ca: t.ca } : {}),
      });
      return { sock, ready: 'secureConnect' };
    },
  });
}

interface StreamKind {
  /** The listener (absent: connections out only). */
  listen?: (onSocket: (sock: net.Socket) => void) => net.Server;
  connect: (to: Peer) => { sock: net.Socket; ready: 'connect' | 'secureConnect' };
}

async function openStream(name: 'tcp' | 'tls', opts: TransportOptions, kind: StreamKind): Promise<Transport> {
  const conns = new Map<string, net.Socket>();
  /**
   * A connection per peer address; over TLS one per peer and verification too, so a peer called
   * without verification never rides on a connection opened with it (nor the other way round).
   */
  const key = (host: string, port: number, verify?: boolean) =>
    `${host}:${port}${name === 'tls' && verify === false ? ' unverified' : ''}`;

  function attach(sock: net.Socket, peerKey: string, from: Peer): void {
    conns.set(peerKey, sock);
    const parser = new StreamParser();
    sock.on('data', (chunk: Buffer) => {
      let msgs: SipMessage[];
      try {
        msgs = parser.push(chunk);
      } catch (err) {
        opts.onError?.(err instanceof SipParseError ? err : new SipParseError(String(err)), from);
        sock.destroy();
        return;
      }
      for (const m of msgs) opts.onMessage(m, from);
    });
    sock.on('error', (err) => opts.onError?.(err, from));
    sock.on('close', () => {
      if (conns.get(peerKey) === sock) conns.delete(peerKey);
    });
  }

  let server: net.Server | undefined;
  let port = 0;
  if (kind.listen) {
    const srv = kind.listen((sock) => {
      const from: Peer = { host: sock.remoteAddress ?? '', port: sock.remotePort ?? 0, transport: name };
      attach(sock, key(from.host, from.port), from);
    });
    // A client that fails its handshake is no error of ours.
    srv.on('tlsClientError', (err: Error) => opts.onError?.(err));
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(opts.port, opts.host, () => {
        srv.off('error', reject);
        resolve();
      });
    });
    const addr = srv.address();
    port = typeof addr === 'object' && addr ? addr.port : opts.port;
    server = srv;
  }
  const pending = new WeakSet<net.Socket>();

  return {
    name,
    port,
    reliable: true,
    send(msg, to, onFail) {
      const k = key(to.host, to.port, to.verify);
      let sock = conns.get(k);
      if (!sock || sock.destroyed) {
        const opened = kind.connect(to);
        sock = opened.sock;
        sock.setNoDelay(true);
        const s = sock;
        pending.add(s);
        s.once(opened.ready, () => pending.delete(s));
        attach(s, k, { ...to, transport: name });
      }
      if (pending.has(sock) && onFail) {
        // Until connected (and for TLS, the handshake done): a failure is this message's.
        const s = sock;
        const failed = (err: Error) => onFail(err);
        s.once('error', failed);
        s.once(name === 'tls' ? 'secureConnect' : 'connect', () => s.off('error', failed));
      }
      sock.write(serializeMessage(msg));
    },
    async close() {
      for (const s of conns.values()) s.destroy();
      conns.clear();
      if (server) {
        const srv = server;
        await new Promise<void>((resolve) => srv.close(() => resolve()));
      }
    },
  };
}
