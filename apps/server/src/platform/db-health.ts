import pg from 'pg';
import type { Logger } from './logger';

/**
 * Riding out a PostgreSQL outage (a restart, a failover, a cut or silent network): no connection
 * error may reach the process as an unhandled 'error' event, no statement may wait for an answer
 * forever, and while the database is known to be down every query fails at once with
 * DatabaseUnavailableError (the API answers 503 DATABASE_UNAVAILABLE) until a probe finds it back.
 */

export interface DatabaseTimeouts {
  /** Opening a connection (TCP, TLS, authentication) gives up after this long. */
  connectMs: number;
  /**
   * A statement unanswered this long: its connection is taken for dead and closed (a silent
   * network never says so). Statements waiting on purpose (an advisory lock) opt out.
   */
  queryMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, queryMs: 30_000 };

/**
 * A statement or a connection failed because the database could not be reached (or, without a
 * cause, because it is known to be down and no round trip was tried).
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(message = 'the database is unavailable', options?: { cause: unknown }) {
    super(message, options);
  }
}

/** Socket errors of a database connection that is gone or cannot be made. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres's texts for a connection that is gone or could not be made. */
const LOST_CONNECTION = /Connection terminated|not queryable|Client was closed|timeout expired/i;

/**
 * True when an error (or one of its causes: drizzle wraps them) says the database cannot be
 * reached: the connection was lost or could not be made (DatabaseClient says so), the server is
 * shutting down or starting (57P01-57P03), a connection exception (class 08), or the gate is shut.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 8; depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^57P0[123]$/.test(code) || /^08/.test(code)) return true;
    if (typeof e.message === 'string' && /^Connection terminated|not queryable/.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A failure of a database connection's own (not of a statement) as DatabaseUnavailableError. */
function asUnavailable(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof DatabaseUnavailableError) return error;
  const code = (error as { code?: unknown }).code;
  const lost = (typeof code === 'string' && NETWORK_CODES.has(code)) || LOST_CONNECTION.test(error.message);
  return lost
    ? new DatabaseUnavailableError(`the database is unavailable: ${error.message}`, { cause: error })
    : error;
}

/** What a DatabaseClient reports to the health watch it belongs to. */
interface ClientWatch {
  /** A connection failed, was lost, or a statement waits longer than a connection may take. */
  suspect(reason: string): void;
  register(client: DatabaseClient): void;
  unregister(client: DatabaseClient): void;
}

export interface DatabaseClientConfig extends pg.ClientConfig {
  timeouts?: DatabaseTimeouts;
  watch?: ClientWatch;
}

/** Connection settings for a client or a pool of them on `databaseUrl` (see DatabaseClient). */
export function connectionOptions(
  databaseUrl: string,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
  applicationName?: string,
): DatabaseClientConfig {
  return {
    connectionString: databaseUrl,
    // Not pg's connectionTimeoutMillis: a pool applies that to waiting for a free connection too.
    timeouts,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(applicationName ? { application_name: applicationName } : {}),
  };
}

type QueryCallback = (error: Error | null, result?: unknown) => void;

/**
 * A node-postgres client that survives its connection's loss: it always has an 'error' listener
 * (a pool removes its own while the client is checked out: a connection lost inside a transaction
 * or an advisory lock killed the process), it gives up connecting after `timeouts.connectMs`, and
 * it closes its connection when a statement is not answered within `timeouts.queryMs` (every
 * statement waiting on it then fails, and a pool drops it) instead of waiting forever.
 */
export class DatabaseClient extends pg.Client {
  private readonly timeouts: DatabaseTimeouts;
  private readonly watch: ClientWatch | undefined;
  /** Statements sent and not answered yet, with when each was sent. */
  private readonly waiting = new Set<{ since: number }>();

  constructor(config: DatabaseClientConfig) {
    const { timeouts = DEFAULT_DATABASE_TIMEOUTS, watch, ...rest } = config;
    super({ ...rest, connectionTimeoutMillis: timeouts.connectMs });
    this.timeouts = timeouts;
    this.watch = watch;
    // The caller of a statement under way learns the error from the statement itself.
    this.on('error', (error: Error) => watch?.suspect(error.message));
    this.once('end', () => watch?.unregister(this));
    watch?.register(this);
  }

  /** A connection's own failure reaches every listener (a pool's too) as DatabaseUnavailableError. */
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error') args[0] = asUnavailable(args[0]);
    return super.emit(event, ...args);
  }

  // biome-ignore lint/suspicious/noExplicitAny: both of node-postgres's forms pass through.
  override connect(callback?: any): any {
    const reportFailure = (error: Error | undefined | null) => {
      if (error) this.watch?.suspect(error.message);
    };
    if (typeof callback === 'function') {
      return super.connect(((error: Error, client: unknown) => {
        reportFailure(error);
        callback(error ? asUnavailable(error) : error, client);
      }) as never);
    }
    return super.connect().catch((error: Error) => {
      reportFailure(error);
      throw asUnavailable(error);
    });
  }

  /** True when a statement has waited longer than a connection may take to open. */
  waitingLongerThan(ms: number, now = performance.now()): boolean {
    for (const { since } of this.waiting) if (now - since > ms) return true;
    return false;
  }

  /** Closes the connection: every statement waiting on it fails (`reason`). */
  drop(reason: string): void {
    const stream = (this as unknown as { connection?: { stream?: { destroy(e?: Error): void } } }).connection
      ?.stream;
    stream?.destroy(new DatabaseUnavailableError(reason));
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has many forms; all pass through.
  override query(config: any, values?: any, callback?: any): any {
    const limit =
      typeof config === 'object' && config !== null && typeof config.query_timeout === 'number'
        ? (config.query_timeout as number)
        : this.timeouts.queryMs;
    if (
      limit <= 0 ||
      (typeof config === 'object' && config !== null && typeof config.submit === 'function')
    ) {
      return super.query(config, values, callback);
    }
    const sent = { since: performance.now() };
    this.waiting.add(sent);
    // One timer per statement (this is every query's path): at the soft mark, a statement taking
    // as long as a connection may take makes the watch look (a probe), and the timer is set again
    // for the rest of the limit, when the connection is dropped.
    const drop = () => this.drop(`the database did not answer within ${limit} ms`);
    const soft = this.timeouts.connectMs;
    let timer =
      limit <= soft
        ? setTimeout(drop, limit)
        : setTimeout(() => {
            this.watch?.suspect('a statement waits long');
            timer = setTimeout(drop, limit - soft);
            timer.unref();
          }, soft);
    timer.unref();
    const settled = () => {
      clearTimeout(timer);
      this.waiting.delete(sent);
    };
    const given: QueryCallback | undefined =
      typeof values === 'function' ? values : typeof callback === 'function' ? callback : undefined;
    if (given) {
      const wrapped: QueryCallback = (error, result) => {
        settled();
        given(error ? (asUnavailable(error) as Error) : error, result);
      };
      return typeof values === 'function'
        ? super.query(config, wrapped as never)
        : super.query(config, values, wrapped as never);
    }
    return (super.query(config, values) as Promise<unknown>).then(
      (result) => {
        settled();
        return result;
      },
      (error: unknown) => {
        settled();
        throw asUnavailable(error);
      },
    );
  }
}

export type DatabaseState = 'up' | 'suspect' | 'down';

/**
 * Watches one database: a lost connection or a slow statement makes it probe (a fresh
 * connection and `select 1`); a probe that fails marks the database down: the pool then fails
 * every query at once (DatabaseUnavailableError), connections whose statements have waited too
 * long are closed, and the probe runs again (every 0.25 s, up to every second) until the database
 * answers; then it is up again and `onRecovered` listeners run (listen again, sync again).
 */
export class DatabaseHealth implements ClientWatch {
  private current: DatabaseState = 'up';
  private probing = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = 0;
  private closed = false;
  /** After a probe found the database up, suspicions are ignored until then (slow statements). */
  private quietUntil = 0;
  private readonly clients = new Set<DatabaseClient>();
  private readonly recovered: (() => void)[] = [];
  /** When the database was last found down (ms since the epoch), for monitoring. */
  downSince: number | undefined;
  /** Outages seen since the process started. */
  outages = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly timeouts: DatabaseTimeouts,
    private readonly log?: Logger,
  ) {}

  get state(): DatabaseState {
    return this.current;
  }

  get down(): boolean {
    return this.current === 'down';
  }

  register(client: DatabaseClient): void {
    this.clients.add(client);
  }

  unregister(client: DatabaseClient): void {
    this.clients.delete(client);
  }

  onRecovered(listener: () => void): void {
    this.recovered.push(listener);
  }

  suspect(reason: string): void {
    if (this.closed || this.current !== 'up' || performance.now() < this.quietUntil) return;
    this.current = 'suspect';
    this.log?.debug({ reason }, 'database: checking whether it answers');
    void this.probe();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
  }

  private async probe(): Promise<void> {
    if (this.probing || this.closed) return;
    this.probing = true;
    let problem: unknown;
    const client = new DatabaseClient(
      connectionOptions(
        this.databaseUrl,
        { connectMs: this.timeouts.connectMs, queryMs: this.timeouts.connectMs },
        'switchboard-health-probe',
      ),
    );
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      problem = error;
    } finally {
      this.probing = false;
      void client.end().catch(() => {});
    }
    if (this.closed) return;
    if (problem === undefined) {
      const wasDown = this.current === 'down';
      this.current = 'up';
      this.retryMs = 0;
      this.quietUntil = performance.now() + this.timeouts.connectMs;
      if (wasDown) {
        this.log?.warn({ downMs: Date.now() - (this.downSince ?? Date.now()) }, 'database is back');
        this.downSince = undefined;
        for (const listener of this.recovered) {
          try {
            listener();
          } catch (error) {
            this.log?.error({ err: error }, 'database recovery step failed');
          }
        }
      }
      return;
    }
    if (this.current !== 'down') {
      this.current = 'down';
      this.outages++;
      this.downSince = Date.now();
      this.log?.error({ err: problem }, 'database is down: requests answer 503 until it is back');
      // Statements already waiting longer than a connection may take are on a dead connection.
      const now = performance.now();
      for (const client of this.clients) {
        if (client.waitingLongerThan(this.timeouts.connectMs, now)) client.drop('the database is down');
      }
    }
    this.retryMs = Math.min(Math.max(this.retryMs * 2, 250), 1_000);
    this.retryTimer = setTimeout(() => void this.probe(), this.retryMs);
    this.retryTimer.unref();
  }
}

/**
 * A client checked out of the pool goes back (and so out of the pool) when its connection is
 * lost: drizzle's transaction checks a client out and sends `begin` outside its try/finally, so
 * a connection lost at that moment never released it, and every outage shrank the pool for good
 * (and kept `pool.end()` waiting at shutdown). The holder's own release after that does nothing.
 */
function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => {
    if (released) return;
    released = true;
    release(new DatabaseUnavailableError('connection lost while checked out'));
  };
  client.once('end', onEnd);
  client.release = (error?: Error | boolean) => {
    client.off('end', onEnd);
    if (released) return;
    released = true;
    release(error);
  };
  return client;
}

/**
 * A pool of DatabaseClients that fails at once, without a round trip, while `health` says the
 * database is down (requests answer 503 fast instead of queueing for connections).
 */
export function createPool(
  databaseUrl: string,
  options: { max: number; timeouts?: DatabaseTimeouts; health?: DatabaseHealth; log?: Logger; name?: string },
): pg.Pool {
  const pool = new pg.Pool({
    ...connectionOptions(databaseUrl, options.timeouts, options.name),
    watch: options.health,
    max: options.max,
    Client: DatabaseClient,
  } as unknown as pg.PoolConfig);
  // An idle connection that the server closes (restart, failover) must not crash the process:
  // the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => options.log?.warn({ err: error }, 'database connection lost'));
  const health = options.health;
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  // pool.query goes through connect too (with a callback; it releases the client itself).
  (pool as unknown as { connect: (callback?: unknown) => unknown }).connect = (callback?: unknown) => {
    if (health?.down) {
      const error = new DatabaseUnavailableError();
      if (typeof callback === 'function') {
        process.nextTick(() => (callback as (e: Error) => void)(error));
        return undefined;
      }
      return Promise.reject(error);
    }
    if (typeof callback === 'function') return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then(releasedWhenLost);
  };
  return pool;
}
