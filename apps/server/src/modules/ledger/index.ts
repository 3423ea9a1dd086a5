import { defineModule } from '../../platform/module';
import { ledgerRoutes } from './routes';
import { LedgerService } from './service';

export type {
  Actor,
  BatchCharge,
  CompanyBalance,
  LedgerService,
  Posting,
  PostingOutcome,
  PostingSum,
  ReconcileReport,
} from './service';

declare module '../../platform/module' {
  interface Services {
    ledger: LedgerService;
  }
}

/** The day before `now`, in UTC (`YYYY-MM-DD`): the day a closing run just after midnight closes. */
export function previousUtcDay(now: Date = new Date()): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Money: each company's balance, credit limit and commission, changed only through the
 * append-only ledger (LedgerService), reconciled by a job, closed daily.
 */
export const ledgerModule = defineModule({
  name: 'ledger',
  provides: ['ledger'],
  needs: ['companies', 'settings'],
  services: ({ db, config, log }, services) => ({
    ledger: new LedgerService(db, services, config.currency, log),
  }),
  routes: ledgerRoutes,
  jobs: ({ ledger }) => [
    {
      name: 'ledger.reconcile',
      description: 'Prove every balance equals the sum of its ledger entries; report differences',
      schedule: '15 4 * * *',
      run: async () => {
        const report = await ledger.reconcile();
        // A difference fails the run: it shows as failed on the jobs screen and in the log.
        if (report.differences.length > 0) {
          throw new Error(
            `ledger differs from balances in ${report.differences.length} account(s): ${JSON.stringify(report.differences.slice(0, 10))}`,
          );
        }
        return { accounts: report.accounts, entries: report.entries, differences: 0 };
      },
    },
    {
      name: 'ledger.closeDay',
      description: 'Write each company’s closing balance of the previous day (UTC)',
      schedule: '5 0 * * *',
      run: async () => {
        const day = previousUtcDay();
        return { day, written: await ledger.closeDay(day) };
      },
    },
  ],
});
