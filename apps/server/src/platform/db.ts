import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pLimit, { type LimitFunction } from 'p-limit';
import type pg from 'pg';
import {
  createPool,
  DatabaseHealth,
  type DatabaseTimeouts,
  DEFAULT_DATABASE_TIMEOUTS,
  isDatabaseUnavailable,
} from './db-health';
import type { Logger } from './logger';
import { MIGRATIONS_DIR } from './paths';

/**
 * The tables drizzle is told of. The platform imports no module: the app gathers every module's
 * tables (src/schema.ts) and hands them over when it opens the database.
 */
export type Schema = Record<string, unknown>;
/** The same drizzle API over PGlite and node-postgres; a transaction has it too. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` while holding the PostgreSQL advisory lock `key` on a session of its own, so that
   * processes sharing the database take turns. `wait` queues for the lock; `try` gives up at once
   * (undefined) when another session holds it.
   */
  withLock<T>(key: LockKey, mode: 'wait' | 'try', fn: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball. */
  dump?: () => Promise<Blob>;
  /** PostgreSQL only: this process's connection pool now (monitoring). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * PostgreSQL only: whether the database answers (see DatabaseHealth); while it is down every
   * query fails at once with DatabaseUnavailableError.
   */
  health?: DatabaseHealth;
}

/** An advisory lock's key: a name, hashed to PostgreSQL's bigint key space. */
export type LockKey = string;

const migrationsFolder = MIGRATIONS_DIR;

export interface DatabaseOptions {
  /** The gathered tables (the app's schema.ts); queries through `db.select()` need none. */
  schema?: Schema;
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** A PGlite data directory dump to start from (tests start from a migrated, seeded template). */
  loadDataDir?: Blob;
  /** PGlite only: PostgreSQL settings for this start (`-c name=value`). */
  pgliteSettings?: Record<string, string>;
  log?: Logger;
  /** Connections in the pool (PostgreSQL). */
  poolSize?: number;
  /** PostgreSQL: how long connecting and a statement may take before the connection is dropped. */
  timeouts?: DatabaseTimeouts;
}

/** Migrations run under this lock: two processes starting together must not both migrate. */
export const STARTUP_LOCK: LockKey = 'switchboard:startup';

/** Opens the database and applies pending migrations (under the startup lock). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const health = new DatabaseHealth(options.databaseUrl, timeouts, options.log);
    const pool = createPool(options.databaseUrl, {
      max: options.poolSize ?? 20,
      timeouts,
      health,
      ...(options.log ? { log: options.log } : {}),
    });
    const db = drizzlePg(pool, { schema: options.schema ?? {} }) as unknown as Db;
    // Transactions hold a connection each; a read that does not join its transaction (a cache
    // loading through the pool, the ledger's group commit) needs one more. With every connection
    // held by a transaction waiting for such a read, the process stalls for good (seen: 64
    // single sends at once, pool 20). Transactions therefore leave connections free.
    limitTransactions(db, Math.max(1, (options.poolSize ?? 20) - TRANSACTION_RESERVE));
    const withLock: Database['withLock'] = async (key, mode, fn) => {
      const client = await pool.connect();
      let lost: unknown;
      try {
        if (mode === 'wait') {
          // Waits on purpose (another process holds it): no statement timeout.
          await client.query({
            text: 'select pg_advisory_lock(hashtextextended($1, 0))',
            values: [key],
            query_timeout: 0,
          } as pg.QueryConfig);
        } else {
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
            [key],
          );
          if (!rows[0]?.locked) return undefined;
        }
        try {
          return await fn();
        } finally {
          // A connection lost meanwhile took its lock with it: nothing is left to unlock, and
          // the outcome of `fn` stands.
          await client
            .query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
            .catch((error: unknown) => {
              lost = error;
              options.log?.warn({ err: error, lock: key }, 'advisory lock connection lost');
            });
        }
      } catch (error) {
        if (isDatabaseUnavailable(error)) lost ??= error;
        throw error;
      } finally {
        // A client whose connection failed is not put back in the pool.
        client.release(lost instanceof Error ? lost : undefined);
      }
    };
    await withLock(STARTUP_LOCK, 'wait', () => migratePg(db as never, { migrationsFolder }));
    const max = options.poolSize ?? 20;
    const poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    });
    const close = async () => {
      health.close();
      await pool.end();
    };
    return { db, kind: 'postgres', withLock, close, poolStats, health };
  }
  let dataDir = options.dataDir;
  if (!dataDir.startsWith('memory://')) {
    fs.mkdirSync(dataDir, { recursive: true });
    dataDir = path.join(dataDir, 'pglite');
  }
  // In memory the data files are already in memory: PostgreSQL's own 128 MB of shared buffers
  // would only double them, and allocating them was 40 % of a test database's start (measured: 1.6
  // s of CPU per start with them, 1.0 s with 16 MB).
  const memory = dataDir.startsWith('memory://');
  const client = await PGlite.create(dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries({ ...(memory ? { shared_buffers: '16MB' } : {}), ...options.pgliteSettings }).flatMap(
        ([name, value]) => ['-c', `${name}=${value}`],
      ),
    ],
  });
  const db = drizzlePglite(client, { schema: options.schema ?? {} }) as unknown as Db;
  // PGlite is one session in one process: advisory locks would always be granted to it, so the
  // turns are kept here instead.
  const locks = new LocalLocks();
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    withLock: (key, mode, fn) => locks.run(key, mode, fn),
    close: () => client.close(),
    // Compacted first (the migrations and the seed leave dead rows in catalogs and tables; a start
    // from the compacted dump took 29 % less CPU, measured: 465 to 332 ms), then a checkpoint: the
    // WAL a dump carries (and a start from it replays) is then the least.
    dump: async () => {
      await client.exec('vacuum full');
      await client.exec('checkpoint');
      return (await client.dumpDataDir('none')) as Blob;
    },
  };
}

/** Named locks within this process (the embedded database's stand-in for advisory locks). */
class LocalLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, mode: 'wait' | 'try', fn: () => Promise<T>): Promise<T | undefined> {
    const before = this.tails.get(key);
    if (before && mode === 'try') return undefined;
    const run = (async () => {
      await before?.catch(() => {});
      return fn();
    })();
    const tail = run
      .catch(() => {})
      .finally(() => {
        if (this.tails.get(key) === tail) this.tails.delete(key);
      });
    this.tails.set(key, tail);
    return run;
  }
}

interface TransactionScope {
  tx: Db;
  afterCommit: (() => Promise<void> | void)[];
}

const scope = new AsyncLocalStorage<TransactionScope>();

/** Connections of a pool that no transaction may take (see openDatabase). */
export const TRANSACTION_RESERVE = 4;

const transactionLimits = new WeakMap<object, LimitFunction>();

/** At most `max` transactions of withTransaction on this database at once; the others wait in arrival order. */
export function limitTransactions(db: Db, max: number): void {
  transactionLimits.set(db, pLimit(max));
}

/**
 * The executor for a query: the transaction this call runs in (see withTransaction), else the
 * database. Repositories call it for every statement, so a service's writes join the transaction
 * of whoever called it, across modules, without passing a handle around.
 */
export function executor(db: Db): Db {
  return scope.getStore()?.tx ?? db;
}

/**
 * Runs `fn` in one transaction: every repository statement inside it (through `executor`) commits
 * or rolls back together. Nested calls join the outer transaction. Work registered with
 * `afterCommit` (telling other processes, closing sockets) runs once it has committed, never when
 * it rolled back.
 */
export async function withTransaction<T>(db: Db, fn: () => Promise<T>, log?: Logger): Promise<T> {
  if (scope.getStore()) return fn();
  const pending: TransactionScope['afterCommit'] = [];
  const run = () => db.transaction((tx) => scope.run({ tx: tx as unknown as Db, afterCommit: pending }, fn));
  const limit = transactionLimits.get(db);
  const result = limit ? await limit(run) : await run();
  for (const effect of pending) {
    try {
      await effect();
    } catch (error) {
      log?.error({ err: error }, 'after-commit effect failed');
    }
  }
  return result;
}

/** True inside withTransaction: statements join that transaction. */
export function inTransaction(): boolean {
  return scope.getStore() !== undefined;
}

/** Runs `effect` after the current transaction commits; at once outside a transaction. */
export async function afterCommit(effect: () => Promise<void> | void): Promise<void> {
  const current = scope.getStore();
  if (current) current.afterCommit.push(effect);
  else await effect();
}

/** True when a database error (or its cause) is a unique violation, optionally of `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return uniqueViolationOf(error) !== undefined && (!constraint || uniqueViolationOf(error) === constraint);
}

/** The constraint name of a unique violation (PostgreSQL 23505) in an error or its causes. */
export function uniqueViolationOf(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return undefined;
}

/** node-postgres and PGlite both answer `execute` with `{rows}`, typed loosely by drizzle. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
