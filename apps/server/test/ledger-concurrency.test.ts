import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { units } from '@switchboard/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostingOutcome } from '../src/modules/ledger';
import { companyBalances, ledgerEntries } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { companyId, eventually, tokenOf } from './support/api';

const X = companyId('Direct Retail Ltd');
const Y = companyId('Two-Way Logistics');
const here = path.dirname(fileURLToPath(import.meta.url));

/** Row locks and many connections need a real PostgreSQL: PGlite is one session. */
describe.skipIf(!process.env.DATABASE_URL)('the ledger under concurrency (PostgreSQL)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('200 parallel charges, transfers both ways and adjustments, each sent twice, end exact', async () => {
    const ledger = s.app.services.ledger;
    const admin = await tokenOf(s, 'admin');
    await ledger.credit(X, 'topup', units(10), 'seed-x');
    await ledger.credit(Y, 'topup', units(5), 'seed-y');
    await ledger.setCreditLimit(X, units(2));

    type Op = { kind: 'charge' | 'xy' | 'yx' | 'adjust'; key: string };
    const ops: Op[] = [];
    for (let i = 0; i < 100; i++) ops.push({ kind: 'charge', key: `c${i}` });
    for (let i = 0; i < 40; i++) ops.push({ kind: 'xy', key: `xy${i}` });
    for (let i = 0; i < 30; i++) ops.push({ kind: 'yx', key: `yx${i}` });
    for (let i = 0; i < 30; i++) ops.push({ kind: 'adjust', key: `a${i}` });
    const run = async (op: Op): Promise<'posted' | 'replayed' | 'refused'> => {
      try {
        switch (op.kind) {
          case 'charge': {
            // Half as batches of one, half as single charges (which share transactions when busy).
            if (Number(op.key.slice(1)) % 2) {
              return (await ledger.charge(X, 100_000n, op.key)).replayed ? 'replayed' : 'posted';
            }
            const [outcome] = (await ledger.chargeBatch(X, [
              { amount: 100_000n, idempotencyKey: op.key },
            ])) as [PostingOutcome];
            return outcome.status === 'refused' ? 'refused' : outcome.status;
          }
          case 'xy':
            return (await ledger.transfer(X, Y, 50_000n, op.key)).replayed ? 'replayed' : 'posted';
          case 'yx':
            return (await ledger.transfer(Y, X, 30_000n, op.key)).replayed ? 'replayed' : 'posted';
          case 'adjust': {
            const res = await s.call<{ replayed: boolean }>('POST', '/sys/balance/adjust', {
              token: admin,
              body: {
                companyId: X,
                direction: 'debit',
                amount: '0.2',
                reason: 'test',
                idempotencyKey: op.key,
              },
            });
            if (res.body.errorCode === 'BALANCE_INSUFFICIENT') return 'refused';
            if (res.status !== 200) throw new Error(JSON.stringify(res.body));
            return res.body.result.replayed ? 'replayed' : 'posted';
          }
        }
      } catch (error) {
        if ((error as { errorCode?: string }).errorCode === 'BALANCE_INSUFFICIENT') return 'refused';
        throw error;
      }
    };
    // Every operation twice (a client's retry), all at once, in an order that mixes them.
    const calls = [...ops, ...ops]
      .map((op, i) => ({ op, i }))
      .sort((p, q) => ((p.i * 7919) % 401) - ((q.i * 7919) % 401));
    const results = await Promise.all(calls.map(async ({ op }) => ({ op, status: await run(op) })));

    // Each key was written at most once: one posted and one replayed, or refused.
    const byKey = new Map<string, string[]>();
    for (const { op, status } of results) byKey.set(op.key, [...(byKey.get(op.key) ?? []), status]);
    const done = new Set<string>();
    for (const [k, statuses] of byKey) {
      expect(statuses.filter((x) => x === 'posted').length, k).toBeLessThanOrEqual(1);
      if (statuses.includes('replayed')) expect(statuses, k).toContain('posted');
      if (statuses.includes('posted')) done.add(k);
    }
    const count = (kind: Op['kind']) => ops.filter((o) => o.kind === kind && done.has(o.key)).length;
    const expectedX =
      units(10) -
      100_000n * BigInt(count('charge')) -
      50_000n * BigInt(count('xy')) +
      30_000n * BigInt(count('yx')) -
      200_000n * BigInt(count('adjust'));
    const expectedY = units(5) + 50_000n * BigInt(count('xy')) - 30_000n * BigInt(count('yx'));
    expect((await ledger.balanceOf(X)).balance).toBe(expectedX);
    expect((await ledger.balanceOf(Y)).balance).toBe(expectedY);
    // The demand was more than 12.00 could cover: some were refused, and none went too far.
    expect(results.some((r) => r.status === 'refused')).toBe(true);
    const entries = await s.app.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, X), eq(ledgerEntries.account, 'balance')));
    expect(entries).toHaveLength(1 + done.size);
    for (const entry of entries) expect(entry.balanceAfter).toBeGreaterThanOrEqual(-units(2));
    expect((await ledger.reconcile()).differences).toEqual([]);
  });

  it('a process killed with SIGKILL in the middle of charging leaves nothing to reconcile', async () => {
    const ledger = s.app.services.ledger;
    await ledger.credit(X, 'topup', units(1_000), 'seed-x-2');
    await ledger.credit(Y, 'topup', units(1_000), 'seed-y-2');
    const before = (await ledger.reconcile()).entries;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'support/ledger-load.ts'), X, Y],
      {
        cwd: path.join(here, '..'),
        env: { ...process.env, DATABASE_URL: s.databaseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    // Kill it once it has written a good number of entries (mid-transaction, most likely).
    await eventually(async () => {
      expect(output).toContain('running');
      expect((await ledger.reconcile()).entries - before).toBeGreaterThanOrEqual(300);
    }, 120_000);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const report = await ledger.reconcile();
    expect(report.entries - before).toBeGreaterThanOrEqual(300);
    expect(report.differences).toEqual([]);
    // And the ledger keeps working after it.
    await ledger.charge(X, 1n, 'after-kill');
    expect((await ledger.reconcile()).differences).toEqual([]);
  });

  it('npm run reconcile exits 0 on a sound ledger and 1, naming the account, on a broken one', async () => {
    const reconcile = () =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/reconcile.ts'], {
          cwd: path.join(here, '..'),
          env: { ...process.env, DATABASE_URL: s.databaseUrl, LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (d: Buffer) => {
          output += d.toString();
        });
        child.stderr.on('data', (d: Buffer) => {
          output += d.toString();
        });
        child.on('exit', (code) => resolve({ code, output }));
      });
    await s.app.services.ledger.credit(Y, 'topup', units(1), 'before-reconcile');
    const sound = await reconcile();
    expect(sound.code, sound.output).toBe(0);
    expect(sound.output).toContain('no differences');
    // The top-up orders' side too: credits against the ledger, and the payments to resolve.
    expect(sound.output).toContain('"creditDifferences": []');
    expect(sound.output).toContain('"openPaymentIssues"');
    await s.app.database.db
      .update(companyBalances)
      .set({ commission: sql`${companyBalances.commission} + 0.000001` })
      .where(eq(companyBalances.companyId, Y));
    const broken = await reconcile();
    expect(broken.code).toBe(1);
    expect(broken.output).toContain(Y);
    expect(broken.output).toContain('"account": "commission"');
    await s.app.database.db
      .update(companyBalances)
      .set({ commission: sql`${companyBalances.commission} - 0.000001` })
      .where(eq(companyBalances.companyId, Y));
  });
});
