import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * One pub/sub port for events that every server process must see (announcements, revoked
 * sessions). In-process for the single embedded process; PostgreSQL LISTEN/NOTIFY when the data
 * lives in PostgreSQL; Redis when REDIS_URL is set.
 */
export interface PubSub {
  readonly kind: 'memory' | 'postgres' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
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

/** LISTEN on a dedicated connection; NOTIFY through a short-lived query (payloads < 8000 bytes). */
export class PostgresPubSub implements PubSub {
  readonly kind = 'postgres';
  private listener: pg.Client | undefined;
  private readonly handlers = new Map<string, ((message: string) => void)[]>();

  constructor(
    private readonly databaseUrl: string,
    private readonly pool: pg.Pool = new pg.Pool({ connectionString: databaseUrl, max: 2 }),
  ) {
    this.pool.on('error', (error) => console.error(`pub/sub connection lost: ${error.message}`));
  }

  private async connection(): Promise<pg.Client> {
    if (this.listener) return this.listener;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    client.on('error', (error) => {
      // Listening stops with the connection; the next subscribe opens a new one.
      console.error(`pub/sub listener lost: ${error.message}`);
      if (this.listener === client) this.listener = undefined;
    });
    client.on('notification', (n) => {
      for (const handler of this.handlers.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    this.listener = client;
    return client;
  }

  async publish(channel: string, message: string) {
    await this.pool.query('select pg_notify($1, $2)', [channel, message]);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    const client = await this.connection();
    const existing = this.handlers.get(channel);
    if (existing) existing.push(handler);
    else {
      this.handlers.set(channel, [handler]);
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    }
  }

  async close() {
    await this.listener?.end();
    await this.pool.end();
  }
}

export class RedisPubSub implements PubSub {
  readonly kind = 'redis';
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, ((message: string) => void)[]>();

  constructor(url: string) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: 2 });
    // ioredis reconnects (and resubscribes) by itself: say so once per outage, not per retry.
    for (const [name, client] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      let down = false;
      client.on('error', (error: Error) => {
        if (!down) console.error(`pub/sub ${name} connection lost: ${error.message}`);
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

export function createPubSub(options: {
  redisUrl?: string | undefined;
  databaseUrl?: string | undefined;
}): PubSub {
  if (options.redisUrl) return new RedisPubSub(options.redisUrl);
  if (options.databaseUrl) return new PostgresPubSub(options.databaseUrl);
  return new MemoryPubSub();
}
