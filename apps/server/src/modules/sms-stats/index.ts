import { defineModule } from '../../platform/module';
import { smsStatsRoutes } from './routes';
import { SmsStatsService } from './service';

export { SMS_STATS_PERMS } from './routes';
export { NO_GATEWAY } from './schema';
export type { SmsStatsService } from './service';

declare module '../../platform/module' {
  interface Services {
    smsStats: SmsStatsService;
  }
}

/**
 * SMS statistics: the daily roll-up, counted in the same transaction that makes a message final
 * (the sms module's `onFinalInTransaction` hook: exact, once per message, also when a receipt
 * comes days later), a rebuild for a period, the analysis routes (`/sms/analysis/...`), the home
 * dashboards' figures (`/home/totals`) and the recent delivery rates routing ranks gateways by.
 */
export const smsStatsModule = defineModule({
  name: 'sms-stats',
  provides: ['smsStats'],
  needs: ['companies', 'gateways', 'ledger', 'sms', 'routing'],
  services: ({ db, config, log }, services) => {
    const smsStats = new SmsStatsService(db, services, config.currency, log);
    services.sms.onFinalInTransaction((finals) => smsStats.addFinal(finals));
    // The route recommendation ranks gateways by these figures.
    services.routing.useDeliveryRates(smsStats);
    return { smsStats };
  },
  routes: smsStatsRoutes,
});
