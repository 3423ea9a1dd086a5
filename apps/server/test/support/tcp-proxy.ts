/**
 * A TCP proxy on 127.0.0.1 that a fault test can cut: between the server and PostgreSQL, or
 * between the server and an SMSC. Real sockets, real cuts; nothing is mocked.
 *
 * - `cut()` destroys every open connection (both sides see the connection end, as when a
 *   network path or the peer dies) and, until `restore()`, refuses new ones at once.
 * - `blackhole()` keeps connections open but drops every byte both ways (a silent peer: a
 *   half-dead route, a hung SMSC), and new connections are accepted and then hear nothing,
 *   until `restore()`.
 * - `delay(ms)` holds every chunk that long before forwarding it (a slow link), until
 *   `restore()`.
 *
 * A test awaits `proxy.close()` at the end; the proxy never keeps the process alive.
 */
import net from 'node:net';

export type ProxyMode = 'open' | 'cut' | 'blackhole' | 'delay';

export interface TcpProxy {
  readonly port: number;
  /** `127.0.0.1:<port>`. */
  readonly address: string;
  readonly mode: ProxyMode;
  /** Connections made through the proxy since it started. */
  readonly connections: number;
  /** Connections open now. */
  readonly open: number;
  /** Bytes dropped while blackholed (a test waits on it instead of on time). */
  readonly swallowed: number;
  cut(): void;
  blackhole(): void;
  delay(ms: number): void;
  restore(): void;
  close(): Promise<void>;
}

export interface TcpProxyOptions {
  /** The port to listen on; 0 (default) asks the OS for a free one. */
  port?: number;
}

export async function startTcpProxy(
  target: { host: string; port: number },
  options: TcpProxyOptions = {},
): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  let delayMs = 0;
  let connections = 0;
  let swallowed = 0;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (mode === 'blackhole') {
        swallowed += chunk.length;
        return;
      }
      if (mode === 'delay') {
        from.pause();
        const t = setTimeout(() => {
          if (!to.destroyed) to.write(chunk);
          from.resume();
        }, delayMs);
        t.unref();
        return;
      }
      if (!to.destroyed) to.write(chunk);
    });
  };

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    connections++;
    client.setNoDelay(true);
    const upstream = net.connect({ host: target.host, port: target.port });
    upstream.setNoDelay(true);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    forward(client, upstream);
    forward(upstream, client);
  });
  server.on('error', () => {});

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  const port = (server.address() as net.AddressInfo).port;

  const destroyAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    address: `127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    get connections() {
      return connections;
    },
    get open() {
      return pairs.size;
    },
    get swallowed() {
      return swallowed;
    },
    cut() {
      mode = 'cut';
      destroyAll();
    },
    blackhole() {
      mode = 'blackhole';
    },
    delay(ms: number) {
      mode = 'delay';
      delayMs = ms;
    },
    restore() {
      mode = 'open';
      delayMs = 0;
    },
    async close() {
      mode = 'cut';
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
