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
  ],
  // The simulators' webhook secrets are made once per database, under the startup lock.
  seed: async ({ payments }) => payments.ensureSimulatorSecrets(),
  seedDigest: digestOf('payments-simulator-secrets-1'),
});
