/**
 * `npm run bench:ledger`: charges per second through LedgerService on a fresh PostgreSQL
 * database (DATABASE_URL, default this machine's server), in this process over a connection
 * pool, as the SMS engine will call it:
 * - one hot company: single charges (group commit: ChargeQueue), then batches of charges
 *   (chargeBatch: one transaction per batch); then single charges of a reseller's customer with
 *   two commissions each, each in its own transaction and then through the group commit
 *   (postEach, what the rate service's charge uses);
 * - 1,000 companies: single charges at random companies, then dispatcher-style batches that
 *   mix companies (post(..., 'each'): one transaction locks every company of the batch in order).
 * Ends with a reconciliation of everything written. Figures only: nothing here passes or fails.
 *
 * BENCH_SECONDS (5) per run, BENCH_WORKERS (32) concurrent callers, BENCH_POOL (16) connections,
 * BENCH_BATCH (100) charges per batch. The machine may be shared: compare runs made one after
 * the other.
 */
import { randomBytes } from 'node:crypto';
import { units } from '@switchboard/contracts';
import pg from 'pg';
import { CompanyService } from '../src/modules/company/service';
import type { Posting } from '../src/modules/ledger';
import { LedgerService } from '../src/modules/ledger/service';
import { SettingsService } from '../src/modules/settings';
import { openDatabase } from '../src/platform/db';
import { companies } from '../src/schema';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 32);
const POOL = Number(process.env.BENCH_POOL ?? 16);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const COMPANIES = 1_000;
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  const name = `sb_bench_ledger_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: POOL });
  try {
    const db = database.db;
    const ids = (
      await db
        .insert(companies)
        .values(
          Array.from({ length: COMPANIES }, (_, i) => ({ name: `Bench ${i}`, type: 'direct' as const })),
        )
        .returning({ id: companies.id })
    ).map((r) => r.id);
    const ledger = new LedgerService(
      db,
      { companies: new CompanyService(db), settings: new SettingsService(db) },
      'USD',
    );
    // Enough money everywhere that nothing is refused: the figures are of charges written.
    for (let i = 0; i < ids.length; i += 200) {
      await ledger.post(
        ids.slice(i, i + 200).map((id) => ({
          companyId: id,
          kind: 'topup' as const,
          amount: units(1_000_000),
          idempotencyKey: 'seed',
        })),
      );
    }
    const hot = ids[0]!;
    let seq = 0;
    const key = () => `k${++seq}`;
    const pick = () => ids[Math.floor(Math.random() * ids.length)]!;

    const runs: { run: string; charges: number; seconds: number; perSecond: number; transactions: number }[] =
      [];
    async function measure(run: string, workers: number, step: () => Promise<number>) {
      const until = performance.now() + SECONDS * 1000;
      const started = performance.now();
      let charges = 0;
      let transactions = 0;
      await Promise.all(
        Array.from({ length: workers }, async () => {
          while (performance.now() < until) {
            const n = await step();
            charges += n;
            transactions++;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      runs.push({
        run,
        charges,
        seconds: Number(seconds.toFixed(1)),
        perSecond: Math.round(charges / seconds),
        transactions,
      });
      console.log(
        `${run}: ${Math.round(charges / seconds)} charges/s (${charges} in ${seconds.toFixed(1)} s)`,
      );
    }

    await measure('hot company, single charges', WORKERS, async () => {
      await ledger.charge(hot, 3_500n, key());
      return 1;
    });
    await measure(`hot company, batches of ${BATCH}`, 4, async () => {
      const outcomes = await ledger.chargeBatch(
        hot,
        Array.from({ length: BATCH }, () => ({ amount: 3_500n, idempotencyKey: key() })),
      );
      return outcomes.filter((o) => o.status === 'posted').length;
    });
    // A customer of an agent of a distributor: each charge credits two commissions with it.
    const [agent, distributor] = [ids[1]!, ids[2]!];
    const withCommissions = (): Posting[] => {
      const k = key();
      return [
        { companyId: hot, kind: 'charge', amount: -3_500n, idempotencyKey: k },
        { companyId: agent, kind: 'commission', amount: 500n, idempotencyKey: `c:${k}`, requires: 0 },
        { companyId: distributor, kind: 'commission', amount: 300n, idempotencyKey: `c:${k}`, requires: 0 },
      ];
    };
    await measure('hot company + 2 commissions, single charges, own transaction each', WORKERS, async () => {
      await ledger.post(withCommissions(), 'each');
      return 1;
    });
    await measure(
      'hot company + 2 commissions, single charges, group commit (postEach)',
      WORKERS,
      async () => {
        await ledger.postEach(withCommissions());
        return 1;
      },
    );
    await measure(`${COMPANIES} companies, single charges`, WORKERS, async () => {
      await ledger.charge(pick(), 3_500n, key());
      return 1;
    });
    await measure(`${COMPANIES} companies, mixed batches of ${BATCH}`, 8, async () => {
      const postings: Posting[] = Array.from({ length: BATCH }, () => ({
        companyId: pick(),
        kind: 'charge' as const,
        amount: -3_500n,
        idempotencyKey: key(),
      }));
      const outcomes = await ledger.post(postings, 'each');
      return outcomes.filter((o) => o.status === 'posted').length;
    });

    const started = performance.now();
    const report = await ledger.reconcile();
    console.log(
      `reconcile: ${report.entries} entries in ${report.accounts} accounts, ${report.differences.length} differences, ${Math.round(performance.now() - started)} ms`,
    );
    console.table(runs);
    console.log(
      `PostgreSQL, ${POOL} connections, ${WORKERS} workers for single charges; this machine has ${(await import('node:os')).cpus().length} CPUs`,
    );
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
