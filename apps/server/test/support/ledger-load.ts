/**
 * A process that charges and transfers without end on one PostgreSQL database (DATABASE_URL),
 * for the test that kills it with SIGKILL in the middle: `tsx ledger-load.ts <companyA> <companyB>`.
 * Prints "running" once the first change is committed.
 */
import { CompanyService } from '../../src/modules/company/service';
import { LedgerService } from '../../src/modules/ledger/service';
import { SettingsService } from '../../src/modules/settings';
import { openDatabase } from '../../src/platform/db';

const [a, b] = process.argv.slice(2) as [string, string];
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: 'memory://',
  poolSize: 8,
});
const ledger = new LedgerService(
  database.db,
  { companies: new CompanyService(database.db), settings: new SettingsService(database.db) },
  'USD',
);
let n = 0;
let told = false;
async function worker(w: number) {
  for (;;) {
    const i = n++;
    const key = `load-${process.pid}-${w}-${i}`;
    if (i % 3 === 0) {
      await ledger.transfer(i % 2 ? a : b, i % 2 ? b : a, 10_000n, key).catch(() => undefined);
    } else {
      await ledger
        .chargeBatch(a, [
          { amount: 1_000n, idempotencyKey: `${key}-1` },
          { amount: 2_500n, idempotencyKey: `${key}-2` },
        ])
        .catch(() => undefined);
    }
    if (!told) {
      told = true;
      console.log('running');
    }
  }
}
await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
