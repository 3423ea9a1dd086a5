import { NOTICE_TOPICS, SOCKET_HEARTBEAT, SOCKET_PROTOCOL, type SocketMessage } from '@switchboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AuthContext, TokenResolver } from './access';
import { AppError, sendError } from './envelope';
import type { PubSub } from './pubsub';
import { headerCredential } from './validation';

/**
 * Every interval the hub pings its sockets, drops those that did not answer the previous ping
 * (so a dead socket goes within 30-60 s) and closes those whose session has ended meanwhile
 * (expired, or revoked while a pub/sub message was lost).
 */
const PING_INTERVAL_MS = 30_000;

/** 100 UUIDs are about 4 kB of JSON: well under NOTIFY's 8000 bytes with the message text. */
const USERS_PER_EVENT = 100;

/** Events that cross processes: who should hear a message, and sessions that ended. */
const eventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    target: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('all') }),
      z.object({ kind: z.literal('users'), userIds: z.array(z.string()) }),
      z.object({ kind: z.literal('roles'), roleCodes: z.array(z.string()) }),
      /** Users of these companies (of these roles only, when given). */
      z.object({
        kind: z.literal('companies'),
        companyIds: z.array(z.string()),
        roleCodes: z.array(z.string()).optional(),
      }),
    ]),
    message: z.object({
      cmd: z.enum(['topic', 'user']),
      msgId: z.string(),
      msgTxt: z.string(),
      topic: z.enum(NOTICE_TOPICS).optional(),
    }),
  }),
  z.object({
    type: z.literal('sessionEnded'),
    sessionId: z.string().optional(),
    userId: z.string().optional(),
  }),
  /** A user's account changed (current department, flags): cached sessions of it are stale. */
  z.object({ type: z.literal('userChanged'), userId: z.string() }),
]);
type RealtimeEvent = z.infer<typeof eventSchema>;
export type MessageTarget = Extract<RealtimeEvent, { type: 'message' }>['target'];

interface Connection {
  socket: WebSocket;
  userId: string;
  companyId: string | null;
  sessionId: string;
  roles: string[];
  alive: boolean;
}

/**
 * The websocket hub of one process. Publishing goes through the pub/sub port, so a message
 * published on any process reaches sockets connected to every process.
 */
export class Realtime {
  private readonly connections = new Set<Connection>();
  private readonly staleListeners: ((stale: { sessionId?: string; userId?: string }) => void)[] = [];
  private pinger: NodeJS.Timeout | undefined;

  constructor(
    private readonly pubsub: PubSub,
    /** One channel per installation; tests give each server group its own. */
    private readonly channel = 'switchboard_events',
    /** Which of these sessions are still live (one query per sweep, not per socket). */
    private liveSessions: (sessionIds: string[]) => Promise<Set<string>> = async (ids) => new Set(ids),
  ) {}

  /** Tells the hub how to check sessions (the auth module's sessions, built after the hub). */
  checkSessionsWith(liveSessions: (sessionIds: string[]) => Promise<Set<string>>) {
    this.liveSessions = liveSessions;
  }

  async start() {
    await this.pubsub.subscribe(this.channel, (raw) => {
      let event: RealtimeEvent;
      try {
        event = eventSchema.parse(JSON.parse(raw));
      } catch {
        return;
      }
      this.deliver(event);
    });
    this.pinger = setInterval(() => {
      this.pingAll();
      this.closeEndedSessions().catch(() => {
        // The database is away for a moment: the next sweep tries again.
      });
    }, PING_INTERVAL_MS);
    this.pinger.unref();
  }

  /**
   * Sends a notice to its targets on every process. Long user lists go out in several events:
   * PostgreSQL NOTIFY payloads must stay under 8000 bytes.
   */
  async publish(target: MessageTarget, message: Extract<SocketMessage, { cmd: 'topic' | 'user' }>) {
    if (target.kind !== 'users') return this.emit({ type: 'message', target, message });
    for (let i = 0; i < target.userIds.length; i += USERS_PER_EVENT) {
      const userIds = target.userIds.slice(i, i + USERS_PER_EVENT);
      await this.emit({ type: 'message', target: { kind: 'users', userIds }, message });
    }
  }

  /** Closes the sockets of an ended session (logout) or of every session of a user. */
  endSessions(ended: { sessionId?: string; userId?: string }) {
    return this.emit({ type: 'sessionEnded', ...ended });
  }

  private emit(event: RealtimeEvent) {
    return this.pubsub.publish(this.channel, JSON.stringify(event));
  }

  /** Tells every process that a user's account changed (their caches of its sessions go stale). */
  userChanged(userId: string) {
    return this.emit({ type: 'userChanged', userId });
  }

  /**
   * Calls `listener` whenever sessions end or their user changes, on any process (caches of
   * sessions drop them).
   */
  onSessionsStale(listener: (stale: { sessionId?: string; userId?: string }) => void) {
    this.staleListeners.push(listener);
  }

  private deliver(event: RealtimeEvent) {
    if (event.type !== 'message') {
      for (const listener of this.staleListeners) listener(event);
      if (event.type === 'userChanged') return;
    }
    for (const c of this.connections) {
      if (event.type === 'sessionEnded') {
        if (c.sessionId === event.sessionId || c.userId === event.userId)
          c.socket.close(4401, 'session ended');
        continue;
      }
      const { target } = event;
      const wanted =
        target.kind === 'all' ||
        (target.kind === 'users' && target.userIds.includes(c.userId)) ||
        (target.kind === 'roles' && c.roles.some((r) => target.roleCodes.includes(r))) ||
        (target.kind === 'companies' &&
          c.companyId !== null &&
          target.companyIds.includes(c.companyId) &&
          (!target.roleCodes || c.roles.some((r) => target.roleCodes!.includes(r))));
      if (wanted) c.socket.send(JSON.stringify(event.message));
    }
  }

  private pingAll() {
    for (const c of this.connections) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }

  /** Closes sockets whose session is no longer live. Returns how many were closed. */
  async closeEndedSessions(): Promise<number> {
    const open = [...this.connections];
    if (open.length === 0) return 0;
    const live = await this.liveSessions([...new Set(open.map((c) => c.sessionId))]);
    let closed = 0;
    for (const c of open) {
      if (live.has(c.sessionId)) continue;
      c.socket.close(4401, 'session ended');
      closed++;
    }
    return closed;
  }

  attach(socket: WebSocket, auth: AuthContext) {
    const connection: Connection = {
      socket,
      userId: auth.user.id,
      companyId: auth.user.companyId,
      sessionId: auth.sessionId,
      roles: auth.roles,
      alive: true,
    };
    this.connections.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data) => {
      connection.alive = true;
      if (data.toString() === SOCKET_HEARTBEAT) socket.send(JSON.stringify({ cmd: 'heartcheck' }));
    });
    socket.on('close', () => this.connections.delete(connection));
  }

  get size() {
    return this.connections.size;
  }

  async close() {
    clearInterval(this.pinger);
    for (const c of this.connections) c.socket.terminate();
    this.connections.clear();
    await this.pubsub.close();
  }
}

/** The token travels as the second subprotocol: `new WebSocket(url, ['switchboard', token])`. */
function tokenFromProtocols(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const [first, token] = value.split(',').map((p) => p.trim());
  return first === SOCKET_PROTOCOL ? headerCredential(token, 256) : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    socketAuth: AuthContext | null;
  }
}

/** GET /websocket/:userId — refused before the upgrade unless the token belongs to that user. */
export function registerWebsocketRoute(app: FastifyInstance, realtime: Realtime, sessions: TokenResolver) {
  app.decorateRequest('socketAuth', null);
  app.get<{ Params: { userId: string } }>(
    '/websocket/:userId',
    {
      websocket: true,
      // The session is checked here from the subprotocol header, not from X-Access-Token.
      config: { access: 'public' },
      preValidation: async (request, reply) => {
        const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
        const auth = token ? await sessions.resolve(token) : null;
        if (auth?.user.status !== 1 || auth.user.id !== request.params.userId) {
          return sendError(request, reply, new AppError('UNAUTHORIZED', 401));
        }
        request.socketAuth = auth;
      },
    },
    (socket, request) => {
      if (!request.socketAuth) return socket.close(4401, 'unauthorized');
      realtime.attach(socket, request.socketAuth);
    },
  );
}
