import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';
import { connectionOptions, createPool, DatabaseClient, type DatabaseTimeouts } from './db-health';
import type { Logger } from './logger';

/**
 * One pub/sub port for events that every server process must see (announcements, revoked
 * sessions). In-process for the single embedded process; PostgreSQL LISTEN/NOTIFY when the data
 * lives in PostgreSQL; Redis when REDIS_URL is set.
 */
export interface PubSub {
  readonly kind: 'memory' | 'postgres' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  /**
   * The database was down and is back: a broker on it may have lost messages meanwhile, and its
   * listening connection may be stuck on a stream cut in the middle of a message (a silent
   * network): listen again on a fresh one.
   */
  databaseRecovered?(): void;
  close(): Promise<void>;
}

export class MemoryPubSub implements PubSub {
  readonly kind = 'memory';
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string) {
    // Asynchronous like the real brokers, so callers never rely on synchronous delivery.
    setImmediate(() => this.emitter.emit(channel, message));
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    this.emitter.on(channel, handler);
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}

let listenerCount = 0;

/**
 * LISTEN on a dedicated connection; NOTIFY through a short-lived query (payloads < 8000 bytes).
 * When the listening connection is lost (database restart, network, terminated backend) it is
 * opened again with a growing delay (up to 30 s) and every channel is listened to again.
 */
export class PostgresPubSub implements PubSub {
  readonly kind = 'postgres';
  /** The listening connection's application_name (lets an operator or a test find it). */
  readonly listenerName = `switchboard-pubsub-${process.pid}-${++listenerCount}`;
  private listener: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, ((message: string) => void)[]>();
  private closed = false;
  private retryDelayMs = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Which listening connection is the current one (a replaced one's loss is not news). */
  private generation = 0;

  private readonly pool: pg.Pool;

  constructor(
    private readonly databaseUrl: string,
    private readonly log?: Logger,
    private readonly timeouts?: DatabaseTimeouts,
  ) {
    this.pool = createPool(databaseUrl, {
      max: 2,
      ...(timeouts ? { timeouts } : {}),
      ...(log ? { log } : {}),
    });
  }

  private connection(): Promise<pg.Client> {
    this.listener ??= this.open().catch((error: unknown) => {
      this.listener = undefined;
      throw error;
    });
    return this.listener;
  }

  private async open(): Promise<pg.Client> {
    const client = new DatabaseClient(connectionOptions(this.databaseUrl, this.timeouts, this.listenerName));
    const generation = ++this.generation;
    let lost = false;
    const onLost = (reason: string) => {
      if (lost || generation !== this.generation) return;
      lost = true;
      this.listener = undefined;
      if (this.closed) return;
      this.log?.warn({ reason }, 'pub/sub listener lost; listening again shortly');
      this.scheduleReconnect();
    };
    client.on('error', (error) => onLost(error.message));
    client.on('end', () => onLost('connection ended'));
    client.on('notification', (n) => {
      for (const handler of this.handlers.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    return client;
  }

  private scheduleReconnect() {
    if (this.closed || this.retryTimer) return;
    this.retryDelayMs = Math.min(Math.max(this.retryDelayMs * 2, 250), 30_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.closed) return;
      this.connection().then(
        () => {
          this.retryDelayMs = 0;
          this.log?.info('pub/sub listener back');
        },
        (error: Error) => {
          this.log?.warn({ err: error }, 'pub/sub listener still down');
          this.scheduleReconnect();
        },
      );
    }, this.retryDelayMs);
    this.retryTimer.unref?.();
  }

  async publish(channel: string, message: string) {
    await this.pool.query('select pg_notify($1, $2)', [channel, message]);
  }

  databaseRecovered() {
    if (this.closed) return;
    const listener = this.listener;
    this.listener = undefined;
    // Its loss is not news: the fresh one below takes over.
    this.generation++;
    void listener?.then((c) => c.end()).catch(() => {});
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.retryDelayMs = 0;
    this.scheduleReconnect();
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    const existing = this.handlers.get(channel);
    if (existing) {
      existing.push(handler);
      return;
    }
    this.handlers.set(channel, [handler]);
    const client = await this.connection();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.then((c) => c.end()).catch(() => {});
    await this.pool.end();
  }
}

export class RedisPubSub implements PubSub {
  readonly kind = 'redis';
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, ((message: string) => void)[]>();

  constructor(
    url: string,
    private readonly log?: Logger,
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: 2 });
    // ioredis reconnects (and resubscribes) by itself: say so once per outage, not per retry.
    for (const [name, client] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      let down = false;
      client.on('error', (error: Error) => {
        if (!down) this.log?.warn({ err: error, connection: name }, 'pub/sub connection lost');
        down = true;
      });
      client.on('ready', () => {
        down = false;
      });
    }
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
  }

  async publish(channel: string, message: string) {
    await this.publisher.publish(channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    const existing = this.handlers.get(channel);
    if (existing) existing.push(handler);
    else {
      this.handlers.set(channel, [handler]);
      await this.subscriber.subscribe(channel);
    }
  }

  async close() {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

export function createPubSub(
  options: {
    redisUrl?: string | undefined;
    databaseUrl?: string | undefined;
    databaseTimeouts?: DatabaseTimeouts | undefined;
  },
  log?: Logger,
): PubSub {
  if (options.redisUrl) return new RedisPubSub(options.redisUrl, log);
  if (options.databaseUrl) return new PostgresPubSub(options.databaseUrl, log, options.databaseTimeouts);
  return new MemoryPubSub();
}
