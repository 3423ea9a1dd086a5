import type { RateGroupKind } from '@switchboard/contracts';
import { TtlCache } from '../../platform/cache';
import { type CacheBus, clearOnCommit } from '../../platform/cache-bus';
import type { Services } from '../../platform/module';
import type { GatewayPriceRow, OperatorRow, RateRepo, RateRow } from './repo';

/** How long resolution may use a group's rates, a company's assignments and the operators read before. */
const CACHE_TTL_MS = 5_000;
/** The name of the rates' caches on the cache bus. */
export const RATES_CACHE = 'rates';

/**
 * What pricing reads for every message, cached for a few seconds: a group's rates, a company's
 * assigned groups and its reseller, the operators, the gateway costs of a destination. Every
 * change of rates, operators or costs calls `changed()`, which drops them in every process.
 */
export class RateReads {
  private readonly groupRates = new TtlCache<RateRow[]>(CACHE_TTL_MS, 2_000);
  private readonly assignments = new TtlCache<Map<RateGroupKind, string>>(CACHE_TTL_MS, 20_000);
  private readonly parents = new TtlCache<string | null>(CACHE_TTL_MS, 20_000);
  private readonly operatorList = new TtlCache<OperatorRow[]>(CACHE_TTL_MS, 1);
  /** Gateway costs per kind and country (read for every accepted message). */
  private readonly gatewayPrices = new TtlCache<GatewayPriceRow[]>(CACHE_TTL_MS, 2_000);

  constructor(
    private readonly repo: RateRepo,
    private readonly deps: Pick<Services, 'companies'>,
    private readonly caches?: CacheBus,
  ) {
    caches?.register(RATES_CACHE, () => this.clear());
  }

  private clear() {
    this.groupRates.clear();
    this.assignments.clear();
    this.parents.clear();
    this.operatorList.clear();
    this.gatewayPrices.clear();
  }

  /**
   * Forget what was cached once the current transaction commits, in every server process (a
   * worker charging messages must not price them with rates changed in the API process).
   */
  changed() {
    return clearOnCommit(this.caches, RATES_CACHE, () => this.clear());
  }

  ratesOfGroup(groupId: string): Promise<RateRow[]> {
    return this.groupRates.getOrLoad(groupId, () => this.repo.ratesOfGroup(groupId));
  }

  /** A company's assigned group of each kind. */
  groupsOfCompany(companyId: string): Promise<Map<RateGroupKind, string>> {
    return this.assignments.getOrLoad(
      companyId,
      async () => new Map((await this.repo.assignmentsOf([companyId])).map((a) => [a.kind, a.groupId])),
    );
  }

  /** The reseller a company is a customer of (null: none). */
  parentOf(companyId: string): Promise<string | null> {
    return this.parents.getOrLoad(
      companyId,
      async () => (await this.deps.companies.find(companyId))?.parentCompanyId ?? null,
    );
  }

  operators(): Promise<OperatorRow[]> {
    return this.operatorList.getOrLoad('all', () => this.repo.listOperators());
  }

  gatewayPricesFor(kind: RateGroupKind, countryCode: string): Promise<GatewayPriceRow[]> {
    return this.gatewayPrices.getOrLoad(`${kind}|${countryCode}`, () =>
      this.repo.gatewayPricesFor(kind, countryCode),
    );
  }
}
