import path from 'node:path';
import { CompanyService } from './modules/company/service';
import { LedgerService } from './modules/ledger/service';
import { PaymentsService } from './modules/payments/service';
import { SettingsService } from './modules/settings';
import { ConfigError, type EnvInput, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { createLogger } from './platform/logger';
import { REPO_ROOT } from './platform/paths';
import * as schema from './schema';

const defaultDataDir = path.join(REPO_ROOT, 'data');

/**
 * `npm run reconcile -w apps/server`: proves every balance equals the sum of its ledger entries
 * and every balance_after chain holds, and every top-up order's credited amount its ledger
 * credits (listing the payments still to resolve), on the configured database (DATABASE_URL,
 * else the embedded one in DATA_DIR: stop the server first, PGlite is one process). Prints the
 * report; exits 1 when any account or order differs.
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
  const database = await openDatabase({
    schema,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log,
  });
  try {
    // The ledger needs the company service (for scopes, unused here) and the settings.
    const services = {
      companies: new CompanyService(database.db),
      settings: new SettingsService(database.db),
    };
    const ledger = new LedgerService(database.db, services, config.currency, log);
    const report = await ledger.reconcile();
    console.log(JSON.stringify(report, null, 2));
    if (report.differences.length > 0) {
      console.error(`ledger differs from balances in ${report.differences.length} account(s)`);
      process.exitCode = 1;
    } else {
      console.log(`ok: ${report.accounts} accounts, ${report.entries} entries, no differences`);
    }
    // Top-up orders against their ledger credits, and the payments still to resolve.
    const payments = new PaymentsService(
      database.db,
      { ...services, ledger },
      config.payments,
      config.currency,
      log,
    );
    const paid = await payments.issues.reconcile();
    console.log(JSON.stringify(paid, null, 2));
    if (paid.creditDifferences.length > 0) {
      console.error(`${paid.creditDifferences.length} top-up order(s) differ from their ledger credits`);
      process.exitCode = 1;
    }
    if (paid.openPaymentIssues > 0) {
      console.log(`${paid.openPaymentIssues} payment(s) to resolve (Top-up orders, Payments to resolve)`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
