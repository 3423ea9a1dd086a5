import { defineModule, digestOf } from '../../platform/module';
import { DEMO_OPERATORS } from './demo';
import { rateRoutes } from './routes';
import { RateService } from './service';

export { RATE_PERMS } from './routes';
export type { Priced, Pricing, RateChargeItem, RateChargeOutcome, RateService, Resolution } from './service';

declare module '../../platform/module' {
  interface Services {
    rates: RateService;
  }
}

/**
 * Rates: rate groups (SMS per kind, voice, number detection) owned by the platform or a
 * reseller, assigned to companies; resolution of a number to its price; charging through the
 * ledger with commissions to the resellers above; gateway costs for margins.
 */
export const rateModule = defineModule({
  name: 'rate',
  provides: ['rates'],
  needs: ['companies', 'countries', 'ledger'],
  services: ({ db, log, caches }, services) => {
    const rates = new RateService(db, services, log, caches);
    // A country that rates, operators or gateway costs name is not deleted.
    services.countries.registerUsageCheck((code) => rates.countryUsage(code));
    return { rates };
  },
  routes: rateRoutes,
  // Mobile operators and their number prefixes: reference data every database needs.
  seed: ({ rates }) => rates.seedOperators(DEMO_OPERATORS),
  seedDigest: digestOf(DEMO_OPERATORS),
});
