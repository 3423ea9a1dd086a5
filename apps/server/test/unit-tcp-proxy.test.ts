import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

/** The fault tests' proxy: it forwards, cuts, swallows and restores with real sockets. */
describe('tcp proxy', () => {
  let echo: net.Server;
  let proxy: TcpProxy;
  beforeAll(async () => {
    echo = net.createServer((s) => s.pipe(s));
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', () => r()));
    proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((r) => echo.close(() => r()));
  });

  const connect = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect(proxy.port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
  const roundTrip = (s: net.Socket, text: string) =>
    new Promise<string>((resolve) => {
      s.once('data', (d) => resolve(d.toString()));
      s.write(text);
    });
  const closed = (s: net.Socket) =>
    new Promise<void>((r) => (s.destroyed ? r() : s.once('close', () => r())));

  it('forwards both ways, cuts open connections, refuses new ones while cut, and restores', async () => {
    const a = await connect();
    expect(await roundTrip(a, 'hello')).toBe('hello');
    expect(proxy.open).toBe(1);
    proxy.cut();
    await closed(a);
    const refused = await connect().then(
      (s) => closed(s).then(() => 'closed'),
      () => 'error',
    );
    expect(['closed', 'error']).toContain(refused);
    proxy.restore();
    const b = await connect();
    expect(await roundTrip(b, 'again')).toBe('again');
    b.destroy();
  });

  it('swallows every byte while blackholed and forwards again when restored', async () => {
    const s = await connect();
    proxy.blackhole();
    let heard = '';
    s.on('data', (d) => {
      heard += d.toString();
    });
    s.write('lost');
    while (proxy.swallowed < 4) await new Promise((r) => setImmediate(r));
    // A byte written after restore() travels; the one swallowed before never arrives.
    proxy.restore();
    expect(await roundTrip(s, 'found')).toBe('found');
    expect(heard).not.toContain('lost');
    s.destroy();
  });
});
