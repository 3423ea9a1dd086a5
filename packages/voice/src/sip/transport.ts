/**
 * SIP transports: UDP (one socket, a message per datagram) and TCP (a listener plus connections
 * kept per peer, framed by Content-Length). Both deliver parsed messages with where they came
 * from; replies go back to that address (over TCP, on the connection the request came in on).
 */
import dgram from 'node:dgram';
import net from 'node:net';
import { parseMessage, type SipMessage, SipParseError, StreamParser, serializeMessage } from './message';

export type TransportName = 'udp' | 'tcp';

export interface Peer {
  host: string;
  port: number;
  transport: TransportName;
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

export async function openTcp(opts: TransportOptions): Promise<Transport> {
  const conns = new Map<string, net.Socket>();
  const key = (host: string, port: number) => `${host}:${port}`;

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

  const server = net.createServer((sock) => {
    const from: Peer = { host: sock.remoteAddress ?? '', port: sock.remotePort ?? 0, transport: 'tcp' };
    attach(sock, key(from.host, from.port), from);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;

  return {
    name: 'tcp',
    port,
    reliable: true,
    send(msg, to, onFail) {
      const k = key(to.host, to.port);
      let sock = conns.get(k);
      if (!sock || sock.destroyed) {
        sock = net.connect({ host: to.host, port: to.port });
        sock.setNoDelay(true);
        attach(sock, k, { ...to, transport: 'tcp' });
      }
      if (sock.connecting && onFail) {
        const s = sock;
        const failed = (err: Error) => onFail(err);
        s.once('error', failed);
        s.once('connect', () => s.off('error', failed));
      }
      sock.write(serializeMessage(msg));
    },
    async close() {
      for (const s of conns.values()) s.destroy();
      conns.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
