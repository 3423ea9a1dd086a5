import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool, DatabaseUnavailableError, isDatabaseUnavailable } from '../src/platform/db-health';
import { createPgDatabase } from './support/spawned-server';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

describe('isDatabaseUnavailable', () => {
  it('tells a database out of reach from a statement that failed', () => {
    // Drizzle wraps the driver's error in its own (the cause).
    const wrapped = new Error('Failed query: select 1', { cause: new DatabaseUnavailableError() });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // The server shutting down, starting, or a connection exception.
    for (const code of ['57P01', '57P03', '08006']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    // A statement's own failure is not an outage.
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(
      false,
    );
    // A socket error of another service (an HTTP callback) is not the database's.
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('the pool on a connection that is cut or goes silent (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let proxy: TcpProxy;
  let url: string;

  beforeAll(async () => {
    database = await createPgDatabase(adminUrl!, 'sb_db_health');
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    url = proxied.toString();
  });

  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  it('a client held out of the pool survives its connection being cut; a silent statement fails', async () => {
    const pool = createPool(url, { max: 2, timeouts: { connectMs: 500, queryMs: 1_000 } });
    try {
      // Held (as in a transaction or an advisory lock): the pool's own error listener is off.
      // Before DatabaseClient, the cut was an unhandled 'error' event: the process died.
      const held = await pool.connect();
      proxy.cut();
      await expect(held.query('select 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      // It leaves the pool though its holder has not released it (drizzle's transaction sends
      // `begin` outside its try/finally: a connection lost then was never released, and every
      // outage shrank the pool for good); the holder's release afterwards does nothing.
      await vi.waitFor(() => expect(pool.totalCount).toBe(0));
      held.release();
      await expect(pool.query('select 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      proxy.restore();
      expect((await pool.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);

      // A silent database: the statement is not left waiting for good, its connection is dropped.
      proxy.blackhole();
      await expect(pool.query('select 2')).rejects.toSatisfy(isDatabaseUnavailable);
      proxy.restore();
      expect((await pool.query<{ three: number }>('select 3 as three')).rows[0]!.three).toBe(3);
    } finally {
      await pool.end();
    }
  });
});
