import type { AnnouncementAdminItem, SocketMessage } from '@switchboard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, buildApp } from '../src/app';
import { hashToken } from '../src/modules/auth';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import { sessions, users } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { userId } from './support/api';

let s: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s = await startServer();
  for (const u of ['admin', 'customer', 'customer2']) tokens[u] = (await s.login(u)).token;
});
afterAll(() => s.close());

interface Client {
  socket: WebSocket;
  messages: SocketMessage[];
  next(predicate?: (m: SocketMessage) => boolean, timeoutMs?: number): Promise<SocketMessage>;
  closed: Promise<number>;
}

function connect(baseUrl: string, user: string, token: string | undefined): Promise<Client> {
  const url = `${baseUrl.replace('http', 'ws')}/websocket/${userId(user)}`;
  const socket = new WebSocket(url, token ? ['switchboard', token] : ['switchboard']);
  const messages: SocketMessage[] = [];
  const waiters: { predicate: (m: SocketMessage) => boolean; resolve: (m: SocketMessage) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as SocketMessage;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.predicate(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  // As soon as it comes; the limit only ends a wait for a message that never will.
  const next = (predicate: (m: SocketMessage) => boolean = () => true, timeoutMs = 30_000) =>
    new Promise<SocketMessage>((resolve, reject) => {
      const found = messages.find(predicate);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error('no message in time')), timeoutMs);
      waiters.push({
        predicate,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve({ socket, messages, next, closed }));
    socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

async function publishTo(server: TestServer, body: Record<string, unknown>) {
  const created = await server.call<AnnouncementAdminItem>('POST', '/sys/annountCement/add', {
    token: tokens.admin,
    body: { msgContent: 'x', ...body },
  });
  await server.call('POST', '/sys/annountCement/doReleaseData', {
    token: tokens.admin,
    query: { id: created.body.result.id },
  });
  return created.body.result.id;
}

describe('websocket /websocket/{userId}', () => {
  it('accepts the session token as a subprotocol and answers the heartbeat', async () => {
    const c = await connect(s.baseUrl, 'customer', tokens.customer);
    expect(c.socket.protocol).toBe('switchboard');
    c.socket.send('HeartBeat');
    expect(await c.next((m) => m.cmd === 'heartcheck')).toEqual({ cmd: 'heartcheck' });
    c.socket.close();
  });

  it('refuses a missing or wrong token, and a token of another user', async () => {
    await expect(connect(s.baseUrl, 'customer', undefined)).rejects.toThrow('HTTP 401');
    await expect(connect(s.baseUrl, 'customer', 'not-a-token')).rejects.toThrow('HTTP 401');
    await expect(connect(s.baseUrl, 'customer2', tokens.customer)).rejects.toThrow('HTTP 401');
  });

  it('delivers a publish to its targets only', async () => {
    const customer = await connect(s.baseUrl, 'customer', tokens.customer);
    const customer2 = await connect(s.baseUrl, 'customer2', tokens.customer2);
    const toAll = await publishTo(s, { titile: 'To everyone' });
    expect(await customer.next((m) => m.cmd === 'topic')).toEqual({
      cmd: 'topic',
      msgId: toAll,
      msgTxt: 'To everyone',
    });
    await customer2.next((m) => m.cmd === 'topic');
    const toOne = await publishTo(s, {
      titile: 'Only customer2',
      msgType: 'USER',
      userIds: [userId('customer2')],
    });
    expect(await customer2.next((m) => m.cmd === 'user')).toMatchObject({ msgId: toOne });
    // A socket receives events in the order they were published: once a later one to everyone has
    // reached customer, the one to customer2 would have too, had it been sent there.
    const after = await publishTo(s, { titile: 'To everyone, after' });
    await customer.next((m) => m.cmd === 'topic' && m.msgId === after);
    expect(customer.messages.some((m) => m.cmd === 'user')).toBe(false);
    customer.socket.close();
    customer2.socket.close();
  });

  it('names the topic of a platform notice, so the screen it concerns reloads (a sender id decided)', async () => {
    const customer = await connect(s.baseUrl, 'customer', tokens.customer);
    const added = await s.call<{ id: string }>('POST', '/sms/sender/add', {
      token: tokens.customer,
      body: { senderId: `Ws${Date.now() % 1_000_000}` },
    });
    expect(added.status).toBe(200);
    const decided = await s.call('PUT', '/sms/sender/approve', {
      token: tokens.admin,
      body: { id: added.body.result.id },
    });
    expect(decided.status).toBe(200);
    expect(await customer.next((m) => m.cmd === 'user')).toMatchObject({ cmd: 'user', topic: 'smsSender' });
    customer.socket.close();
  });

  it('reaches a user named among hundreds of chosen users (split events on PostgreSQL)', async () => {
    const customer2 = await connect(s.baseUrl, 'customer2', tokens.customer2);
    // Chosen users must exist: make a few hundred.
    const many = await s.app.database.db
      .insert(users)
      .values(
        Array.from({ length: 450 }, (_, i) => ({
          username: `bulk${i}`,
          realname: `Bulk ${i}`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id })
      .then((rows) => rows.map((r) => r.id));
    many.splice(321, 0, userId('customer2'));
    const id = await publishTo(s, { titile: 'Many targets', msgType: 'USER', userIds: many });
    expect(await customer2.next((m) => m.cmd === 'user' && m.msgId === id)).toMatchObject({
      msgTxt: 'Many targets',
    });
    customer2.socket.close();
  });

  it('closes the socket when its session logs out', async () => {
    const { token } = await s.login('customer');
    const c = await connect(s.baseUrl, 'customer', token);
    await s.call('POST', '/sys/logout', { token });
    expect(await c.closed).toBe(4401);
  });

  it('closes a socket whose session expired at the next sweep, and keeps live ones', async () => {
    const { token } = await s.login('customer2');
    const expiring = await connect(s.baseUrl, 'customer2', token);
    const live = await connect(s.baseUrl, 'customer', tokens.customer);
    await s.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await s.app.platform.realtime.closeEndedSessions()).toBe(1);
    expect(await expiring.closed).toBe(4401);
    live.socket.send('HeartBeat');
    expect(await live.next((m) => m.cmd === 'heartcheck')).toEqual({ cmd: 'heartcheck' });
    live.socket.close();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'reaches a socket on another server process through the pub/sub port (PostgreSQL or Redis)',
    async () => {
      const database = await openDatabase({ databaseUrl: s.databaseUrl, dataDir: 'memory://' });
      const config = loadConfig({ LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL });
      const second: App = await buildApp({
        config: { ...config, databaseUrl: s.databaseUrl, webDist: '' },
        database,
        logger: false,
        eventsChannel: s.eventsChannel,
      });
      await second.server.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.server.address() as { port: number };
      try {
        const c = await connect(`http://127.0.0.1:${address.port}`, 'customer', tokens.customer);
        const id = await publishTo(s, { titile: 'Across processes' });
        expect(await c.next((m) => m.cmd === 'topic' && m.msgId === id)).toMatchObject({
          msgTxt: 'Across processes',
        });
        c.socket.close();
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});
