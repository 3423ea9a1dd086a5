import { defineModule, digestOf } from '../../platform/module';
import { paymentsRoutes } from './routes';
import { PaymentsService } from './service';

export type { PaymentsService } from './service';

declare module '../../platform/module' {
  interface Services {
    payments: PaymentsService;
  }
}

/**
 * Top-ups through payment providers (Stripe for cards, NOWPayments for crypto; simulators in
 * demo mode), their webhooks, the expiry of unpaid orders, and resellers' commission payouts.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  provides: ['payments'],
  needs: ['companies', 'ledger', 'settings'],
  services: ({ db, config, log }, services) => ({
    payments: new PaymentsService(db, services, config.payments, config.currency, log),
  }),
  routes: paymentsRoutes,
  jobs: ({ payments }) => [
    {
      name: 'payments.orders.expire',
      description: 'Time out unpaid top-up orders past their time; credit partly paid ones what was paid',
      schedule: '* * * * *',
      run: async () => payments.expireDue(),
    },
    {
      name: 'payments.reconcile',
      description:
        'Prove every top-up order’s credited amount equals its ledger credits; list the payments to resolve',
      schedule: '20 4 * * *',
      run: async () => {
        const report = await payments.issues.reconcile();
        // A difference fails the run (failed on the jobs screen, and in the log); payments to
        // resolve are listed in its result for staff.
        if (report.creditDifferences.length > 0) {
          throw new Error(
            `top-up orders differ from their ledger credits: ${JSON.stringify(report.creditDifferences.slice(0, 10))}`,
          );
        }
        return {
          creditDifferences: 0,
          openPaymentIssues: report.openPaymentIssues,
          paymentIssues: report.paymentIssues.slice(0, 20),
        };
      },
    },
  ],
  // The simulators' webhook secrets are made once per database, under the startup lock.
  seed: async ({ payments }) => payments.providers.ensureSimulatorSecrets(),
  seedDigest: digestOf('payments-simulator-secrets-1'),
});
