import type { CacheBus } from '../../platform/cache-bus';
import type { Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import { defineModule, digestOf, type Services } from '../../platform/module';
import { stableId } from '../../platform/stable-id';
import { RateGroupAccess } from './access';
import { ChargingService } from './charging';
import { DEMO_OPERATORS, demoRatePlan, RateDemoSeeder } from './demo';
import { ResellerFloor } from './floor';
import { GatewayCostService } from './gateway-costs';
import { GroupRateService } from './group-rates';
import { RateGroupService } from './groups';
import { OperatorService } from './operators';
import { PricingService } from './pricing';
import { RateImportService } from './rate-import';
import { RateReads } from './reads';
import { RateRepo } from './repo';
import { rateRoutes } from './routes';

export type { PricedCharge, RateChargeItem, RateChargeOutcome } from './charging';
export { commissionKey } from './charging';
export type { Priced, Pricing, Resolution } from './pricing';
export { RATES_CACHE } from './reads';
export { billedSeconds, type ParsedNumber, parseNumber } from './resolve';
export { RATE_PERMS } from './routes';

/** The rate module's services, one concern each: what other modules reach as `services.rates`. */
export interface Rates {
  /** Rate groups and their assignment to companies. */
  groups: RateGroupService;
  /** The rates of a group. */
  groupRates: GroupRateService;
  /** Imports of rates into a group. */
  imports: RateImportService;
  /** Mobile operators and their number prefixes; where a number belongs. */
  operators: OperatorService;
  /** What each gateway costs per destination. */
  gatewayCosts: GatewayCostService;
  /** A number's price for a company, with the resellers' commissions; quotes. */
  pricing: PricingService;
  /** Posting priced charges (and their commissions) through the ledger. */
  charging: ChargingService;
}

declare module '../../platform/module' {
  interface Services {
    rates: Rates;
  }
}

/**
 * Builds the rate services over one repo and one set of cached reads. `deps` is read when a
 * service is called, not now: the registry is still being filled while modules are built.
 */
function createRates(
  db: Db,
  repo: RateRepo,
  deps: Pick<Services, 'companies' | 'ledger'>,
  log?: Logger,
  caches?: CacheBus,
): Rates {
  const reads = new RateReads(repo, deps, caches);
  const access = new RateGroupAccess(repo, deps);
  const floor = new ResellerFloor(repo, deps);
  const gatewayCosts = new GatewayCostService(db, repo, reads);
  const pricing = new PricingService(reads, gatewayCosts, deps, log);
  return {
    groups: new RateGroupService(db, repo, access, floor, reads, deps),
    groupRates: new GroupRateService(db, repo, access, floor, reads),
    imports: new RateImportService(db, repo, access, floor, reads),
    operators: new OperatorService(db, repo, reads),
    gatewayCosts,
    pricing,
    charging: new ChargingService(pricing, deps),
  };
}

/**
 * Rates: rate groups (SMS per kind, voice, number detection) owned by the platform or a
 * reseller, assigned to companies; pricing of a number with commissions to the resellers above;
 * charging through the ledger at the prices given; gateway costs for margins.
 */
export const rateModule = defineModule({
  name: 'rate',
  provides: ['rates'],
  needs: ['companies', 'countries', 'ledger'],
  services: ({ db, log, caches }, services) => {
    const repo = new RateRepo(db);
    const rates = createRates(db, repo, services, log, caches);
    // A country that rates, operators or gateway costs name is not deleted.
    services.countries.registerUsageCheck((code) => repo.countryUsage(code));
    return { rates };
  },
  routes: rateRoutes,
  // Mobile operators and their number prefixes: reference data every database needs.
  seed: ({ rates }) => rates.operators.seed(DEMO_OPERATORS),
  seedDigest: digestOf(DEMO_OPERATORS),
  // The demo companies' rate groups and the demo gateways' costs (demo databases only).
  seedDemo: (_services, { db, caches }) =>
    new RateDemoSeeder(db, new RateRepo(db), caches).seed(
      demoRatePlan((name) => stableId(`company:${name}`)),
    ),
});
