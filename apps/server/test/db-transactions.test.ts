import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, TRANSACTION_RESERVE, withTransaction } from '../src/platform/db';

/**
 * More transactions at once than the pool has connections, each making one read outside its
 * transaction (as a cache load through the pool or the ledger's group commit does): every one
 * finishes. Without the limit on open transactions all connections were held by transactions
 * waiting for a connection, and the process stalled for good (the SMS benchmark, 64 single sends).
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('transactions leave connections free (PostgreSQL)', () => {
  const poolSize = TRANSACTION_RESERVE + 2;
  const name = `sb_test_tx_${Date.now().toString(36)}`;
  let database: Database;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: target.toString(), dataDir: 'memory://', poolSize });
  });
  afterAll(async () => {
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('runs 8x the pool in transactions that each read through the pool', async () => {
    const { db } = database;
    const runs = await Promise.all(
      Array.from({ length: poolSize * 8 }, (_, i) =>
        withTransaction(db, async () => {
          await db.execute(sql`select pg_sleep(0.01)`);
          // Not the transaction's connection: the pool's.
          const rows = await db.execute(sql`select ${i}::int as n`);
          return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
        }),
      ),
    );
    expect(runs).toEqual(Array.from({ length: poolSize * 8 }, (_, i) => i));
  });
});
