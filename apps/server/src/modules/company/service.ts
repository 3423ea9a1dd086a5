import { hasPlatformScope, hasResellerScope } from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import { TtlCache } from '../../platform/cache';
import { type CacheBus, clearOnCommit } from '../../platform/cache-bus';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { isValidIpRule } from '../../platform/ip-rules';
import { type DataScope, inScope } from '../../platform/scope';
import { CompanyRepo, type CompanyRow, type CompanyValues, type ListFilters } from './repo';

/**
 * The cache-bus name under which every change of a company (freeze, disable, approval, edit) is
 * announced once committed, in every process: other modules register on it to act at once (the
 * SMPP server re-checks its open binds).
 */
export const COMPANIES_CACHE = 'companies';
/** How long findCached keeps a company without a change (a change clears it at once). */
const STANDING_TTL_MS = 5_000;

const NO_PERMISSION = () => new AppError('NO_OPERATION_PERMISSION', 403);

/**
 * Companies, the reseller tree (platform → distributor → agent → customer) and which of them a
 * caller may see: the data scope every module applies. Their administration (creating one with
 * its administrator, approval, the reseller desk) is the company module's, above the ledger and
 * the users.
 */
export class CompanyService {
  private readonly repo: CompanyRepo;
  /** Companies as read on every API request and SMPP bind (findCached); any change clears it everywhere. */
  private readonly standing = new TtlCache<CompanyRow | undefined>(STANDING_TTL_MS, 20_000);

  constructor(
    db: Db,
    private readonly caches?: CacheBus,
  ) {
    this.repo = new CompanyRepo(db);
    caches?.register(COMPANIES_CACHE, () => this.standing.clear());
  }

  /** A company changed: findCached reads it afresh once this has committed, in every process. */
  private changed() {
    return clearOnCommit(this.caches, COMPANIES_CACHE, () => this.standing.clear());
  }

  /**
   * Which companies' rows a caller may see: all for administrators; for sales users the
   * companies assigned to them, their subtrees and the sign-ups nobody has taken yet; a
   * reseller's own company and every company below it; a customer's own company; nothing for
   * anyone else.
   */
  async dataScopeOf(auth: AuthContext): Promise<DataScope> {
    if (auth.roles.includes('admin')) return { kind: 'all' };
    if (hasPlatformScope(auth.roles)) {
      return { kind: 'companies', companyIds: await this.repo.salesScopeIds(auth.user.id) };
    }
    const own = auth.user.companyId;
    if (!own) return { kind: 'companies', companyIds: [] };
    if (!hasResellerScope(auth.roles)) return { kind: 'companies', companyIds: [own] };
    return { kind: 'companies', companyIds: await this.repo.subtreeIds(own) };
  }

  /**
   * The rule for a company named by id (a query's or body's companyId): it must be in the
   * caller's data scope, else NO_OPERATION_PERMISSION (403), the same answer as for an id that
   * does not exist. Every module's routes apply it through here. Answers the scope.
   */
  async assertInScope(auth: AuthContext, ids: string[]): Promise<DataScope> {
    const scope = await this.dataScopeOf(auth);
    if (ids.some((id) => !inScope(scope, id))) throw NO_PERMISSION();
    return scope;
  }

  /**
   * The caller's data scope for a list, a report or an export, once the company it is filtered
   * by (if any) is known to be in it: NO_OPERATION_PERMISSION (403) otherwise.
   */
  scopeFor(auth: AuthContext, companyId?: string | null): Promise<DataScope> {
    return this.assertInScope(auth, companyId ? [companyId] : []);
  }

  /**
   * A company the caller names to act on (a body's companyId): in the caller's data scope
   * (NO_OPERATION_PERMISSION, 403) and existing (COMPANY_NOT_FOUND, 404).
   */
  async assertActsFor(auth: AuthContext, companyId: string): Promise<void> {
    await this.assertInScope(auth, [companyId]);
    if (!(await this.repo.find(companyId))) throw new AppError('COMPANY_NOT_FOUND', 404);
  }

  /**
   * The company a new row belongs to: the one named (checked as by assertActsFor), else the
   * caller's own; staff, who have none of their own, must name one (FIELD_REQUIRED, 400).
   */
  async targetOf(auth: AuthContext, companyId: string | undefined): Promise<string> {
    if (companyId) {
      await this.assertActsFor(auth, companyId);
      return companyId;
    }
    if (!auth.user.companyId) throw new AppError('FIELD_REQUIRED', 400, { field: 'companyId' });
    return auth.user.companyId;
  }

  /**
   * The rule for an object named by its own id (an order, a payout, an API key, an IP rule): one
   * of a company outside the caller's data scope does not exist for the caller, NOT_FOUND (404)
   * as for an unknown id. Answers the object (undefined: it was not found).
   */
  async objectInScope<T extends { companyId: string | null }>(
    auth: AuthContext,
    object: T | undefined,
  ): Promise<T> {
    if (!object || !inScope(await this.dataScopeOf(auth), object.companyId))
      throw new AppError('NOT_FOUND', 404);
    return object;
  }

  /**
   * objectInScope for several objects named by their ids (a deletion of many, all or none): each
   * of `ids` must have been found (`objects`, as read by them) and be in the caller's data scope,
   * else NOT_FOUND (404) for them all. Answers the objects.
   */
  async objectsInScope<T extends { companyId: string | null }>(
    auth: AuthContext,
    ids: readonly string[],
    objects: T[],
  ): Promise<T[]> {
    const scope = await this.dataScopeOf(auth);
    if (objects.length !== ids.length || objects.some((o) => !inScope(scope, o.companyId)))
      throw new AppError('NOT_FOUND', 404);
    return objects;
  }

  /**
   * Why a company's users may not sign in (or send): undefined when they may. Checked at every
   * sign-in and, by the SMS engine, before sending.
   */
  async blockOf(companyId: string): Promise<AppError | undefined> {
    const company = await this.repo.find(companyId);
    if (!company) return undefined;
    if (!company.enabled) return new AppError('COMPANY_DISABLED', 403);
    if (company.frozen) return new AppError('COMPANY_FROZEN', 403);
    if (company.approvalStatus === 'failed') {
      return new AppError('COMPANY_REJECTED', 403, { reason: company.rejectReason ?? '' });
    }
    if (company.approvalStatus !== 'approved') return new AppError('ACCOUNT_NOT_APPROVED', 403);
    return undefined;
  }

  /** Whether a company may send traffic: approved, not frozen, not disabled. */
  async canSend(companyId: string): Promise<boolean> {
    return (await this.blockOf(companyId)) === undefined;
  }

  // --- for the company module's administration ---

  /** One page of the companies in `scope` the filters keep, and how many there are. */
  count(scope: DataScope, filters: ListFilters) {
    return this.repo.count(scope, filters);
  }

  list(scope: DataScope, filters: ListFilters, limit: number, offset: number) {
    return this.repo.list(scope, filters, limit, offset);
  }

  findMany(ids: string[]): Promise<CompanyRow[]> {
    return this.repo.findMany(ids);
  }

  /** The company and every company below it. */
  subtreeIds(companyId: string): Promise<string[]> {
    return this.repo.subtreeIds(companyId);
  }

  async update(id: string, values: Partial<CompanyValues>): Promise<CompanyRow | undefined> {
    const row = await this.repo.update(id, values);
    await this.changed();
    return row;
  }

  /** Sets a flag of these companies; answers the ids changed. */
  async setFlag(ids: string[], flag: 'frozen' | 'enabled', value: boolean): Promise<string[]> {
    const changed = await this.repo.setFlag(ids, flag, value);
    await this.changed();
    return changed;
  }

  /** Decides a company's approval when it is in one of the states `from`; undefined when it is not. */
  async decide(...args: Parameters<CompanyRepo['decide']>): Promise<CompanyRow | undefined> {
    const row = await this.repo.decide(...args);
    await this.changed();
    return row;
  }

  // --- for other modules ---

  /** Sets a company's API IP whitelist (rules checked; duplicates dropped); answers the rules kept. */
  async setIpWhitelist(auth: AuthContext, companyId: string, rules: string[]): Promise<string[]> {
    await this.assertInScope(auth, [companyId]);
    const bad = rules.find((r) => !isValidIpRule(r));
    if (bad !== undefined) throw new AppError('IP_RULE_INVALID', 400, { value: bad.slice(0, 64) });
    const unique = [...new Set(rules)];
    if (!(await this.repo.setIpWhitelist(companyId, unique))) throw new AppError('NOT_FOUND', 404);
    return unique;
  }

  /** Names of these companies, by id. */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.repo.names(ids)).map((c) => [c.id, c.name]));
  }

  /** Companies directly below these (a reseller's customers and agents). */
  childrenOf(ids: string[]): Promise<{ id: string; parentCompanyId: string | null }[]> {
    return this.repo.childrenOf(ids);
  }

  find(id: string): Promise<CompanyRow | undefined> {
    return this.repo.find(id);
  }

  /**
   * A company as of at most a few seconds ago, for checks on every request (API keys, SMPP
   * binds): a change made through this service is seen at once, in every process.
   */
  findCached(id: string): Promise<CompanyRow | undefined> {
    return this.standing.getOrLoad(
      id,
      () => this.repo.find(id),
      (row) => row !== undefined,
    );
  }

  create(values: CompanyValues): Promise<CompanyRow> {
    return this.repo.insert(values);
  }

  insertIfMissing(values: CompanyValues) {
    return this.repo.insertIfMissing(values);
  }

  isTaken(field: 'name' | 'email' | 'phone', value: string, excludeId?: string) {
    return this.repo.isTaken(field, value, excludeId);
  }
}
