import path from 'node:path';
import { CompanyService } from './modules/company/service';
import { LedgerService } from './modules/ledger/service';
import { ConfigError, type EnvInput, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { createLogger } from './platform/logger';
import type { Services } from './platform/module';
import { REPO_ROOT } from './platform/paths';

const defaultDataDir = path.join(REPO_ROOT, 'data');

/**
 * `npm run reconcile -w apps/server`: proves every balance equals the sum of its ledger entries
 * and every balance_after chain holds, on the configured database (DATABASE_URL, else the
 * embedded one in DATA_DIR: stop the server first, PGlite is one process). Prints the report;
 * exits 1 when any account differs.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    // `npm run … -w apps/server` runs here; `npm start` keeps its data in the repository root.
    config = loadConfig({ ...(process.env as EnvInput), DATA_DIR: process.env.DATA_DIR ?? defaultDataDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    // The ledger needs only the company service (for scopes, unused here).
    const services = { companies: new CompanyService(database.db, {} as Services) } as Services;
    const ledger = new LedgerService(database.db, services, config.currency, log);
    const report = await ledger.reconcile();
    console.log(JSON.stringify(report, null, 2));
    if (report.differences.length > 0) {
      console.error(`ledger differs from balances in ${report.differences.length} account(s)`);
      process.exitCode = 1;
    } else {
      console.log(`ok: ${report.accounts} accounts, ${report.entries} entries, no differences`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
