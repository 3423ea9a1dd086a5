import { createHash } from 'node:crypto';
import {
  type ChargeKind,
  describeIssues,
  type ErrorCode,
  formatMoney,
  groupKindOf,
  hasPlatformScope,
  hasResellerScope,
  type Locale,
  type operatorInputSchema,
  type Page,
  type RateGroupKind,
  rateInputSchema,
  translateError,
} from '@switchboard/contracts';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { TtlCache } from '../../platform/cache';
import { type CacheBus, clearOnCommit } from '../../platform/cache-bus';
import { type Db, inTransaction, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { PostingOutcome, PostingSum } from '../ledger';
import {
  type GatewayFilters,
  type GatewayPriceRow,
  type GroupFilters,
  type GroupVisibility,
  type OperatorFilters,
  type OperatorRow,
  type RateFilters,
  type RateGroupRow,
  RateRepo,
  type RateRow,
  type RateValues,
} from './repo';
import {
  amountOf,
  applyPercent,
  belowParent,
  describeRate,
  type MatchedBy,
  operatorOf,
  type ParsedNumber,
  parseNumber,
  pickRate,
} from './resolve';

type RateInput = z.output<typeof rateInputSchema>;
type OperatorInput = z.output<typeof operatorInputSchema>;

/** How long resolution may use a group's rates, a company's assignments and the operators read before. */
const CACHE_TTL_MS = 5_000;
/** The name of the rates' caches on the cache bus. */
export const RATES_CACHE = 'rates';
/** Rows named in a not-lower message (all are in the error's result). */
const ROWS_NAMED_MAX = 10;

/** The outcome of resolving a number for a company. */
export interface Resolution {
  companyId: string;
  kind: ChargeKind;
  number: ParsedNumber;
  operator: OperatorRow | undefined;
  groupId: string;
  rate: RateRow;
  matchedBy: MatchedBy;
}

/** One charge of a batch: a destination and its parts (messages, seconds of a call, lookups). */
export interface RateChargeItem {
  /** The number as given, or as the caller already parsed it (parseNumber). */
  number: string | ParsedNumber;
  parts: number;
  idempotencyKey: string;
  reference?: string | null;
}

/** A price, and the commission each reseller above earns on it. */
export interface Priced {
  amount: bigint;
  commissions: { companyId: string; amount: bigint }[];
}

/** RateService.pricing: numbers priced for one company and kind with nothing more to read. */
export interface Pricing {
  /** The company and each reseller above it with its rate (nearest first); RATE_NOT_FOUND if one has none. */
  chain(number: ParsedNumber): Resolution[];
  /** What `parts` cost the company, and what each reseller earns on them. */
  price(number: ParsedNumber, parts: number): { resolution: Resolution } & Priced;
}

/** A company's rate group of a kind (none: no rate for anything of it) and the group's rates. */
interface RateLevel {
  companyId: string;
  kind: ChargeKind;
  groupId: string | undefined;
  rates: readonly RateRow[];
}

/** The most specific rate of a level for a number (RATE_NOT_FOUND when none). */
function pickLevel(level: RateLevel, number: ParsedNumber, operator: OperatorRow | undefined): Resolution {
  if (!level.groupId) throw new AppError('RATE_NOT_FOUND', 404);
  const found = pickRate(level.rates, {
    countryCode: number.countryCode,
    smsKind: groupKindOf(level.kind) === 'sms' ? (level.kind as RateRow['smsKind']) : null,
    digits: number.digits,
    operator: operator ? { mcc: operator.mcc, mnc: operator.mnc } : null,
  });
  if (!found) throw new AppError('RATE_NOT_FOUND', 404);
  return {
    companyId: level.companyId,
    kind: level.kind,
    number,
    operator,
    groupId: level.groupId,
    rate: found.rate,
    matchedBy: found.matchedBy,
  };
}

/** What became of one charge. */
export type RateChargeOutcome =
  | {
      status: 'charged' | 'replayed';
      /** What the company paid (micro-units). */
      amount: bigint;
      /** Commission credited to each reseller above it. */
      commissions: { companyId: string; amount: bigint }[];
    }
  | { status: 'refused'; reason: ErrorCode };

/** One offending row of the not-lower rule. */
export interface BelowRow {
  groupId: string;
  rateId: string;
  /** The reseller's rate it is below. */
  parentRateId: string;
  destination: string;
  price: string;
  minimum: string;
}

/** A problem of one row of an import: its index in the rows given, the field, the code. */
export interface RateRowProblem {
  index: number;
  field: string;
  code: ErrorCode;
  params: Record<string, string>;
}

/** What an import found and did (nothing is written when there are problems). */
export interface RateImportOutcome {
  problems: RateRowProblem[];
  imported: number;
  replaced: number;
}

/**
 * How far an import goes: 'rows' checks the rows alone (the caller found others invalid: nothing
 * is written); 'dryRun' checks everything, the rule included, and rolls back; 'write' commits
 * when there is no problem.
 */
export type RateImportMode = 'rows' | 'dryRun' | 'write';

/** Thrown to roll an import's transaction back while answering what it found. */
class RolledBack extends Error {
  constructor(readonly outcome: RateImportOutcome) {
    super('import rolled back');
  }
}

interface Caller {
  staff: boolean;
  reseller: boolean;
  companyId: string | null;
}

const callerOf = (auth: AuthContext): Caller => ({
  staff: hasPlatformScope(auth.roles),
  reseller: hasResellerScope(auth.roles),
  companyId: auth.user.companyId,
});

/** The key of a reseller's commission for a customer's charge (keys are unique per company). */
export const commissionKey = (customerId: string, key: string) =>
  `cm:${createHash('sha256').update(`${customerId}\u0000${key}`).digest('base64url')}`;

/**
 * An import row for a destination an earlier row of the file already has: the problem naming
 * that row (its sheet number when known); otherwise the row is remembered and nothing is said.
 */
function duplicateRow(seen: Map<string, number>, key: string, index: number, rowNumbers: number[]) {
  const before = seen.get(key);
  if (before === undefined) {
    seen.set(key, index);
    return undefined;
  }
  return {
    index,
    field: 'countryCode',
    code: 'RATE_DUPLICATE_ROW' as const,
    params: { row: String(rowNumbers[before] ?? before + 1) },
  };
}

/**
 * Rate groups and rates, their assignment to companies, the rule that a reseller's customer is
 * never priced below the reseller, resolution of a number to a price, and charging with
 * commissions to every reseller above the customer, through the ledger.
 */
export class RateService {
  private readonly repo: RateRepo;
  private readonly groupRates = new TtlCache<RateRow[]>(CACHE_TTL_MS, 2_000);
  private readonly assignments = new TtlCache<Map<RateGroupKind, string>>(CACHE_TTL_MS, 20_000);
  private readonly parents = new TtlCache<string | null>(CACHE_TTL_MS, 20_000);
  private readonly operatorList = new TtlCache<OperatorRow[]>(CACHE_TTL_MS, 1);
  /** Gateway costs per kind and country (read for every accepted message). */
  private readonly gatewayPrices = new TtlCache<GatewayPriceRow[]>(CACHE_TTL_MS, 2_000);

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies' | 'ledger'>,
    private readonly log?: Logger,
    private readonly caches?: CacheBus,
  ) {
    this.repo = new RateRepo(db);
    caches?.register(RATES_CACHE, () => this.clearCaches());
  }

  /** Rates, operators and gateway costs of a country (the country module asks before a delete). */
  countryUsage(code: string) {
    return this.repo.countryUsage(code);
  }

  private clearCaches() {
    this.groupRates.clear();
    this.assignments.clear();
    this.parents.clear();
    this.operatorList.clear();
    this.gatewayPrices.clear();
  }

  private gatewayPricesFor(kind: RateGroupKind, countryCode: string): Promise<GatewayPriceRow[]> {
    return this.gatewayPrices.getOrLoad(`${kind}|${countryCode}`, () =>
      this.repo.gatewayPricesFor(kind, countryCode),
    );
  }

  /**
   * Forget what was cached once the current transaction commits, in every server process (a
   * worker charging messages must not price them with rates changed in the API process).
   */
  private changed() {
    return clearOnCommit(this.caches, RATES_CACHE, () => this.clearCaches());
  }

  // --- visibility ---

  /**
   * Groups a caller may see: administrators all; sales the platform's, and those owned by or
   * assigned to the companies in their scope; resellers those owned in their scope and those
   * assigned to them; customers those assigned to them. Group lists count only companies in scope.
   */
  private async visibility(auth: AuthContext): Promise<GroupVisibility> {
    const caller = callerOf(auth);
    const scope = await this.services.companies.dataScopeOf(auth);
    if (scope.kind === 'all') return { kind: 'all' };
    const companyIds = scope.companyIds;
    if (caller.staff) {
      const assigned = (await this.repo.assignmentsOf(companyIds)).map((a) => a.groupId);
      return { kind: 'some', platform: true, ownerIds: companyIds, groupIds: assigned, companyIds };
    }
    if (!caller.companyId) return { kind: 'some', ownerIds: [], groupIds: [], companyIds: [] };
    const assigned = (await this.repo.assignmentsOf([caller.companyId])).map((a) => a.groupId);
    return { kind: 'some', ownerIds: caller.reseller ? companyIds : [], groupIds: assigned, companyIds };
  }

  private canSee(visibility: GroupVisibility, group: RateGroupRow): boolean {
    if (visibility.kind === 'all') return true;
    return (
      (visibility.platform === true && group.ownerCompanyId === null) ||
      visibility.groupIds.includes(group.id) ||
      (group.ownerCompanyId !== null && visibility.ownerIds.includes(group.ownerCompanyId))
    );
  }

  private canEdit(auth: AuthContext, group: RateGroupRow): boolean {
    const caller = callerOf(auth);
    if (caller.staff) return true;
    return caller.reseller && caller.companyId !== null && group.ownerCompanyId === caller.companyId;
  }

  /** A group the caller may see (NOT_FOUND otherwise: others' groups do not exist for them). */
  private async visibleGroup(
    auth: AuthContext,
    id: string,
    visibility?: GroupVisibility,
  ): Promise<RateGroupRow> {
    const group = await this.repo.findGroup(id);
    if (!group || !this.canSee(visibility ?? (await this.visibility(auth)), group))
      throw new AppError('NOT_FOUND', 404);
    return group;
  }

  /** A group the caller may change, locked for the rest of the transaction. */
  private async editableGroup(auth: AuthContext, id: string): Promise<RateGroupRow> {
    const group = await this.visibleGroup(auth, id);
    if (!this.canEdit(auth, group)) throw new AppError('NO_OPERATION_PERMISSION', 403);
    return (await this.repo.findGroup(id, true)) ?? group;
  }

  /** Groups with their owner's name (through the company module) and whether the caller may change them. */
  private async withNames<T extends { ownerCompanyId: string | null }>(auth: AuthContext, rows: T[]) {
    const owners = [...new Set(rows.flatMap((r) => (r.ownerCompanyId ? [r.ownerCompanyId] : [])))];
    const names = await this.services.companies.namesOf(owners);
    return rows.map((r) => ({
      ...r,
      ownerCompanyName: r.ownerCompanyId ? (names.get(r.ownerCompanyId) ?? null) : null,
      editable: this.canEdit(auth, { ownerCompanyId: r.ownerCompanyId } as RateGroupRow),
    }));
  }

  // --- groups ---

  async listGroups(
    auth: AuthContext,
    query: { pageNo: number; pageSize: number } & GroupFilters,
  ): Promise<
    Page<
      Awaited<ReturnType<RateRepo['listGroups']>>[number] & {
        ownerCompanyName: string | null;
        editable: boolean;
      }
    >
  > {
    const visibility = await this.visibility(auth);
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    if (!callerOf(auth).staff) filters.owner = undefined;
    const page = await paginate(
      query,
      () => this.repo.countGroups(visibility, filters),
      (limit, offset) => this.repo.listGroups(visibility, filters, limit, offset),
    );
    return { ...page, records: await this.withNames(auth, page.records) };
  }

  /** The groups an export writes: the list's filters and sort, in the caller's scope, at most `limit`. */
  async exportGroups(auth: AuthContext, query: GroupFilters, limit: number) {
    const visibility = await this.visibility(auth);
    const {
      pageNo: _p,
      pageSize: _s,
      ...filters
    } = query as GroupFilters & {
      pageNo?: number;
      pageSize?: number;
    };
    if (!callerOf(auth).staff) filters.owner = undefined;
    return this.withNames(auth, await this.repo.listGroups(visibility, filters, limit, 0));
  }

  async getGroup(auth: AuthContext, id: string) {
    const visibility = await this.visibility(auth);
    await this.visibleGroup(auth, id, visibility);
    const companyIds = visibility.kind === 'all' ? null : visibility.companyIds;
    const [row] = await this.repo.listGroups(
      { kind: 'some', ownerIds: [], groupIds: [id], companyIds },
      {},
      1,
      0,
    );
    if (!row) throw new AppError('NOT_FOUND', 404);
    return (await this.withNames(auth, [row]))[0]!;
  }

  /** Staff add platform groups; a reseller adds groups of its own (for its customers). */
  async addGroup(
    auth: AuthContext,
    input: { name: string; kind: RateGroupKind; remark?: string | null | undefined },
  ) {
    const caller = callerOf(auth);
    const owner = caller.staff ? null : caller.reseller ? caller.companyId : null;
    if (!caller.staff && !owner) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const id = await withTransaction(this.db, async () => {
      if (await this.repo.groupNameTaken(owner, input.name)) throw new AppError('RATE_GROUP_NAME_TAKEN', 409);
      const row = await this.insertGroupOrTaken({
        name: input.name,
        kind: input.kind,
        ownerCompanyId: owner,
        remark: input.remark ?? null,
      });
      return row.id;
    });
    return this.getGroup(auth, id);
  }

  private async insertGroupOrTaken(values: Parameters<RateRepo['insertGroup']>[0]) {
    try {
      return await this.repo.insertGroup(values);
    } catch (error) {
      if (isUniqueViolation(error, 'rate_groups_owner_name_uq'))
        throw new AppError('RATE_GROUP_NAME_TAKEN', 409);
      throw error;
    }
  }

  async editGroup(
    auth: AuthContext,
    input: { id: string; name: string; remark?: string | null | undefined },
  ) {
    await withTransaction(this.db, async () => {
      const group = await this.editableGroup(auth, input.id);
      if (await this.repo.groupNameTaken(group.ownerCompanyId, input.name, group.id))
        throw new AppError('RATE_GROUP_NAME_TAKEN', 409);
      await this.repo.updateGroup(group.id, { name: input.name, remark: input.remark ?? null });
    });
    return this.getGroup(auth, input.id);
  }

  /**
   * Deletes groups with their rates, all or none: a group out of the caller's sight is NOT_FOUND,
   * one it may not change NO_OPERATION_PERMISSION, and any still assigned to a company refuses
   * the whole request, naming the groups (one group: how many companies use it).
   */
  async deleteGroups(auth: AuthContext, ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const visibility = await this.visibility(auth);
      const found = await this.repo.findGroups(ids, true);
      if (found.length !== new Set(ids).size || found.some((g) => !this.canSee(visibility, g)))
        throw new AppError('NOT_FOUND', 404);
      if (found.some((g) => !this.canEdit(auth, g))) throw new AppError('NO_OPERATION_PERMISSION', 403);
      const counts = await this.repo.assignedCounts(found.map((g) => g.id));
      const inUse = found.filter((g) => counts.has(g.id));
      if (inUse.length > 0) {
        if (found.length === 1)
          throw new AppError('RATE_GROUP_IN_USE', 409, { count: counts.get(found[0]!.id) ?? 0 });
        throw new AppError('RATE_GROUPS_IN_USE', 409, {
          names: inUse
            .map((g) => g.name)
            .sort()
            .join(', '),
        });
      }
      const deleted = await this.repo.deleteGroups(found.map((g) => g.id));
      await this.changed();
      return deleted.length;
    });
  }

  /** A new group of the caller's with every rate of a group it may see, under a new name. */
  async copyGroup(auth: AuthContext, input: { id: string; name: string }) {
    const caller = callerOf(auth);
    if (!caller.staff && !caller.reseller) throw new AppError('NO_OPERATION_PERMISSION', 403);
    const source = await this.visibleGroup(auth, input.id);
    const owner = caller.staff ? source.ownerCompanyId : caller.companyId;
    const id = await withTransaction(this.db, async () => {
      if (await this.repo.groupNameTaken(owner, input.name)) throw new AppError('RATE_GROUP_NAME_TAKEN', 409);
      const copy = await this.insertGroupOrTaken({
        name: input.name,
        kind: source.kind,
        ownerCompanyId: owner,
        remark: source.remark,
      });
      const rows = await this.repo.ratesOfGroup(source.id);
      await this.repo.insertRates(
        rows.map(({ id: _id, groupId: _g, createdAt: _c, updatedAt: _u, ...r }) => ({
          ...r,
          groupId: copy.id,
        })),
      );
      // A new group is assigned to nobody: the rule has nothing to compare yet.
      await this.enforceNotLower(await this.companiesToCheck(copy.id));
      return copy.id;
    });
    return this.getGroup(auth, id);
  }

  /**
   * Assigns a group of a kind to a company (null: removes it). Staff assign platform groups, or a
   * reseller's own group to that reseller's customers; a reseller assigns its own groups to its
   * own customers.
   */
  async assign(auth: AuthContext, input: { companyId: string; kind: RateGroupKind; groupId: string | null }) {
    const caller = callerOf(auth);
    await this.services.companies.assertInScope(auth, [input.companyId]);
    const company = await this.services.companies.find(input.companyId);
    if (!company) throw new AppError('COMPANY_NOT_FOUND', 404);
    if (!caller.staff && (!caller.reseller || company.parentCompanyId !== caller.companyId))
      throw new AppError('NO_OPERATION_PERMISSION', 403);
    await withTransaction(this.db, async () => {
      if (input.groupId !== null) {
        // Another tenant's group does not exist for the caller, as for every other route.
        const group = await this.visibleGroup(auth, input.groupId);
        const allowed = caller.staff
          ? group.ownerCompanyId === null || group.ownerCompanyId === company.parentCompanyId
          : group.ownerCompanyId === caller.companyId;
        if (!allowed) throw new AppError('NO_OPERATION_PERMISSION', 403);
        if (group.kind !== input.kind)
          throw new AppError('RATE_GROUP_KIND_MISMATCH', 400, { kind: input.kind });
      }
      await this.repo.assign(company.id, input.kind, input.groupId);
      await this.enforceNotLower([{ companyId: company.id, kind: input.kind }]);
      await this.changed();
    });
    return this.assignmentsFor(auth, company.id);
  }

  async assignmentsFor(auth: AuthContext, companyId: string) {
    await this.services.companies.assertInScope(auth, [companyId]);
    const rows = await this.repo.assignmentsOf([companyId]);
    return {
      companyId,
      groups: (['sms', 'voice', 'nd'] as const).map((kind) => {
        const row = rows.find((r) => r.kind === kind);
        return { kind, groupId: row?.groupId ?? null, groupName: row?.groupName ?? null };
      }),
    };
  }

  // --- rates ---

  async listRates(
    auth: AuthContext,
    query: { pageNo: number; pageSize: number; groupId: string } & RateFilters,
  ) {
    const group = await this.visibleGroup(auth, query.groupId);
    const { pageNo: _p, pageSize: _s, groupId: _g, ...filters } = query;
    return paginate(
      query,
      () => this.repo.countRates(group.id, filters),
      (limit, offset) => this.repo.listRates(group.id, filters, limit, offset),
    );
  }

  /** The columns of an export of a group's rates (by its kind), once the caller may see it. */
  async rateSheetKind(auth: AuthContext, groupId: string): Promise<RateGroupKind> {
    return (await this.visibleGroup(auth, groupId)).kind;
  }

  /** The rates an export writes: the list's filters and sort, at most `limit`. */
  async exportRates(auth: AuthContext, query: { groupId: string } & RateFilters, limit: number) {
    const group = await this.visibleGroup(auth, query.groupId);
    const { groupId: _g, ...filters } = query as RateFilters & {
      groupId: string;
      pageNo?: number;
      pageSize?: number;
    };
    return this.repo.listRates(group.id, filters, limit, 0);
  }

  /** A group the caller may import into (NOT_FOUND, NO_OPERATION_PERMISSION otherwise). */
  async importTarget(auth: AuthContext, groupId: string): Promise<void> {
    await this.editableGroup(auth, groupId);
  }

  async getRate(auth: AuthContext, id: string) {
    const rate = await this.repo.findRate(id);
    if (!rate) throw new AppError('NOT_FOUND', 404);
    await this.visibleGroup(auth, rate.groupId);
    return rate;
  }

  /** A rate's columns from its input, checked against the group's kind; AppError when wrong. */
  private valuesOf(group: RateGroupRow, input: RateInput): Omit<RateValues, 'groupId'> {
    const problem = this.problemOf(group, input);
    if (problem) throw new AppError(problem.code, 400, problem.params);
    return this.columnsOf(group, input);
  }

  private problemOf(
    group: RateGroupRow,
    input: RateInput,
  ): { code: ErrorCode; field: string; params: Record<string, string> } | undefined {
    if (!isSupportedCountry(input.countryCode))
      return { code: 'COUNTRY_UNKNOWN', field: 'countryCode', params: { country: input.countryCode } };
    if (group.kind === 'sms' && !input.smsKind)
      return { code: 'RATE_SMS_KIND_REQUIRED', field: 'smsKind', params: {} };
    if (input.prefix && input.mcc) return { code: 'RATE_PREFIX_AND_OPERATOR', field: 'prefix', params: {} };
    if (input.mnc && !input.mcc) return { code: 'RATE_MNC_WITHOUT_MCC', field: 'mnc', params: {} };
    if (input.prefix) {
      const dial = getCountryCallingCode(input.countryCode);
      if (!input.prefix.startsWith(dial))
        return {
          code: 'RATE_PREFIX_COUNTRY',
          field: 'prefix',
          params: { prefix: input.prefix, country: input.countryCode, dial },
        };
    }
    return undefined;
  }

  private columnsOf(group: RateGroupRow, input: RateInput): Omit<RateValues, 'groupId'> {
    const voice = group.kind === 'voice';
    return {
      countryCode: input.countryCode,
      smsKind: group.kind === 'sms' ? (input.smsKind ?? null) : null,
      mcc: input.mcc ?? null,
      mnc: input.mnc ?? null,
      prefix: input.prefix ?? null,
      price: input.price,
      connectionFee: voice ? (input.connectionFee ?? 0n) : 0n,
      billingInitial: voice ? (input.billingInitial ?? 60) : 1,
      billingIncrement: voice ? (input.billingIncrement ?? 60) : 1,
      remark: input.remark ?? null,
    };
  }

  private async writeRates<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (isUniqueViolation(error, 'rates_destination_uq'))
        throw new AppError('RATE_DUPLICATE', 409, { rows: '' });
      throw error;
    }
  }

  async addRate(auth: AuthContext, input: RateInput & { groupId: string }) {
    const id = await withTransaction(this.db, async () => {
      const group = await this.editableGroup(auth, input.groupId);
      const values = this.valuesOf(group, input);
      await this.refuseDuplicates(group, [values]);
      const [row] = await this.writeRates(() => this.repo.insertRates([{ ...values, groupId: group.id }]));
      await this.enforceNotLower(await this.companiesToCheck(group.id));
      await this.changed();
      return row!.id;
    });
    return this.getRate(auth, id);
  }

  async editRate(auth: AuthContext, input: RateInput & { id: string }) {
    await withTransaction(this.db, async () => {
      const rate = await this.repo.findRate(input.id);
      if (!rate) throw new AppError('NOT_FOUND', 404);
      const group = await this.editableGroup(auth, rate.groupId);
      const values = this.valuesOf(group, input);
      await this.refuseDuplicates(group, [values], new Set([rate.id]));
      await this.writeRates(() => this.repo.updateRate(rate.id, values));
      await this.enforceNotLower(await this.companiesToCheck(group.id));
      await this.changed();
    });
    return this.getRate(auth, input.id);
  }

  /** Deletes rates (of groups the caller may change); removing a rate never lowers a price below a floor it did not already meet, but the rule is checked all the same. */
  async deleteRates(auth: AuthContext, ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const rows = await this.repo.findRates(ids);
      if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', 404);
      const groupIds = [...new Set(rows.map((r) => r.groupId))];
      for (const groupId of groupIds) {
        await this.editableGroup(auth, groupId);
        await this.repo.deleteRates(
          groupId,
          rows.filter((r) => r.groupId === groupId).map((r) => r.id),
        );
        await this.enforceNotLower(await this.companiesToCheck(groupId));
      }
      await this.changed();
      return rows.length;
    });
  }

  /** Sets a price, or changes it by a percent, for every rate of the group matching the filter. */
  async batchEdit(
    auth: AuthContext,
    input: {
      groupId: string;
      mode: 'set' | 'percent';
      price?: bigint | undefined;
      percent?: string | undefined;
    } & RateFilters,
  ): Promise<{ updated: number }> {
    return withTransaction(this.db, async () => {
      const group = await this.editableGroup(auth, input.groupId);
      const { groupId: _g, mode, price, percent, ...filters } = input;
      const rows = await this.repo.ratesMatching(group.id, filters);
      const prices = rows.map((r) => ({
        id: r.id,
        price: mode === 'set' ? price! : applyPercent(r.price, percent!),
      }));
      const tooHigh = prices.some((p) => p.price > 1000n * 1_000_000n);
      if (tooHigh) throw new AppError('MONEY_TOO_LARGE', 400, { field: 'price', max: 1000 });
      await this.repo.setPrices(group.id, prices);
      await this.enforceNotLower(await this.companiesToCheck(group.id));
      await this.changed();
      return { updated: prices.length };
    });
  }

  /**
   * `importRows`: rows of loose values (as a sheet gives them) into a group, all or none. Each row
   * is read by the rate schema, then checked and written by `importRateRows` (the one path of every
   * import); errors name row (1-based), field and message in the caller's language. A row for a
   * destination the group already prices replaces that rate.
   */
  async importRates(
    auth: AuthContext,
    groupId: string,
    rows: Record<string, unknown>[],
    locale: Locale,
  ): Promise<{ imported: number; replaced: number }> {
    // Scope first: another's group is refused whatever its rows hold.
    await this.importTarget(auth, groupId);
    const errors: { row: number; field: string; message: string }[] = [];
    const inputs: RateInput[] = [];
    const rowNumbers: number[] = [];
    rows.forEach((raw, index) => {
      const parsed = rateInputSchema.safeParse(normaliseImportRow(raw));
      if (!parsed.success) {
        for (const p of describeIssues(parsed.error.issues, locale)) errors.push({ row: index + 1, ...p });
        return;
      }
      inputs.push(parsed.data);
      rowNumbers.push(index + 1);
    });
    const outcome = await this.importRateRows(
      auth,
      groupId,
      inputs,
      rowNumbers,
      errors.length > 0 ? 'rows' : 'write',
    );
    for (const p of outcome.problems) {
      errors.push({
        row: rowNumbers[p.index]!,
        field: p.field,
        message: translateError(p.code, locale, p.params),
      });
    }
    if (errors.length > 0) throw importError(errors.sort((a, b) => a.row - b.row));
    return { imported: outcome.imported, replaced: outcome.replaced };
  }

  /**
   * Imports rates into a group in one transaction: each row is checked against the group's kind
   * and the rows before it (a destination twice names the first row), then all are written (a
   * destination the group prices already is replaced) and the rule "never below the reseller" is
   * checked on the result, each offending rate named by the row that wrote it. Any problem, or a
   * dry run, rolls everything back. `rowNumbers` are the rows' numbers as the caller shows them.
   */
  async importRateRows(
    auth: AuthContext,
    groupId: string,
    inputs: RateInput[],
    rowNumbers: number[],
    mode: RateImportMode,
  ): Promise<RateImportOutcome> {
    // A rollback inside someone else's transaction would be theirs to undo.
    if (mode !== 'write' && inTransaction()) throw new Error('an import check needs its own transaction');
    try {
      return await withTransaction(this.db, async () => {
        const group = await this.editableGroup(auth, groupId);
        const problems: RateRowProblem[] = [];
        const valid: { index: number; values: Omit<RateValues, 'groupId'> }[] = [];
        const seen = new Map<string, number>();
        inputs.forEach((input, index) => {
          const problem = this.problemOf(group, input);
          if (problem) {
            problems.push({ index, ...problem });
            return;
          }
          const values = this.columnsOf(group, input);
          const duplicate = duplicateRow(seen, destinationKey(values), index, rowNumbers);
          if (duplicate) {
            problems.push(duplicate);
            return;
          }
          valid.push({ index, values });
        });
        if (problems.length > 0 || mode === 'rows' || valid.length === 0)
          return { problems, imported: 0, replaced: 0 };
        const existing = new Map((await this.repo.ratesOfGroup(group.id)).map((r) => [destinationKey(r), r]));
        const replacedIds = valid
          .map((v) => existing.get(destinationKey(v.values))?.id)
          .filter((id) => id !== undefined);
        await this.repo.deleteRates(group.id, replacedIds);
        const inserted = await this.repo.insertRates(valid.map((v) => ({ ...v.values, groupId: group.id })));
        const indexOf = new Map(inserted.map((r, i) => [r.id, valid[i]!.index]));
        for (const b of await this.violations(await this.companiesToCheck(group.id))) {
          problems.push({
            // The row below its reseller, or the reseller's row its customers are now below.
            index: indexOf.get(b.rateId) ?? indexOf.get(b.parentRateId) ?? valid[0]!.index,
            field: 'price',
            code: 'RATE_BELOW_RESELLER',
            params: { rows: describeBelow(b) },
          });
        }
        if (problems.length > 0) throw new RolledBack({ problems, imported: 0, replaced: 0 });
        const outcome = { problems, imported: inserted.length, replaced: replacedIds.length };
        if (mode === 'dryRun') throw new RolledBack(outcome);
        await this.changed();
        return outcome;
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.outcome;
      throw error;
    }
  }

  private async refuseDuplicates(
    group: RateGroupRow,
    values: Omit<RateValues, 'groupId'>[],
    except = new Set<string>(),
  ) {
    const existing = new Set(
      (await this.repo.ratesOfGroup(group.id)).filter((r) => !except.has(r.id)).map((r) => destinationKey(r)),
    );
    const duplicates = values.filter((v) => existing.has(destinationKey(v)));
    if (duplicates.length > 0)
      throw new AppError('RATE_DUPLICATE', 409, {
        rows: duplicates.map((d) => describeRate(d as unknown as RateRow)).join('; '),
      });
  }

  // --- the rule: a customer's price is never below its reseller's ---

  /** The companies (with the kind) whose prices a change of this group can affect. */
  private async companiesToCheck(groupId: string): Promise<{ companyId: string; kind: RateGroupKind }[]> {
    const group = await this.repo.findGroup(groupId);
    if (!group) return [];
    return (await this.repo.companiesOfGroup(groupId)).map((c) => ({
      companyId: c.companyId,
      kind: group.kind,
    }));
  }

  /**
   * Every rate, of these companies' groups and of their customers' groups, below the price of the
   * reseller above it for the same destination. Reads inside the caller's transaction, uncached.
   */
  private async violations(targets: { companyId: string; kind: RateGroupKind }[]): Promise<BelowRow[]> {
    if (targets.length === 0) return [];
    const operators = await this.repo.listOperators();
    const operatorFor = (digits: string, country: string) => operatorOf(digits, country, operators);
    const pairs: { child: string; parent: string; kind: RateGroupKind }[] = [];
    const companyIds = [...new Set(targets.map((t) => t.companyId))];
    for (const t of targets) {
      const company = await this.services.companies.find(t.companyId);
      if (company?.parentCompanyId)
        pairs.push({ child: t.companyId, parent: company.parentCompanyId, kind: t.kind });
    }
    for (const child of await this.services.companies.childrenOf(companyIds)) {
      for (const t of targets.filter((x) => x.companyId === child.parentCompanyId)) {
        pairs.push({ child: child.id, parent: t.companyId, kind: t.kind });
      }
    }
    const groupsOf = new Map<string, Map<RateGroupKind, string>>();
    const allIds = [...new Set(pairs.flatMap((p) => [p.child, p.parent]))];
    for (const a of await this.repo.assignmentsOf(allIds)) {
      if (!groupsOf.has(a.companyId)) groupsOf.set(a.companyId, new Map());
      groupsOf.get(a.companyId)!.set(a.kind, a.groupId);
    }
    const ratesOf = new Map<string, RateRow[]>();
    const load = async (groupId: string) => {
      if (!ratesOf.has(groupId)) ratesOf.set(groupId, await this.repo.ratesOfGroup(groupId));
      return ratesOf.get(groupId)!;
    };
    const found = new Map<string, BelowRow>();
    for (const pair of pairs) {
      const childGroup = groupsOf.get(pair.child)?.get(pair.kind);
      const parentGroup = groupsOf.get(pair.parent)?.get(pair.kind);
      if (!childGroup || !parentGroup || childGroup === parentGroup) continue;
      for (const b of belowParent(await load(childGroup), await load(parentGroup), operatorFor)) {
        found.set(b.child.id, {
          groupId: childGroup,
          rateId: b.child.id,
          parentRateId: b.parent.id,
          destination: describeRate(b.child),
          price: formatMoney(b.child.price),
          minimum: formatMoney(b.parent.price),
        });
      }
    }
    return [...found.values()];
  }

  private async enforceNotLower(targets: { companyId: string; kind: RateGroupKind }[]) {
    const below = await this.violations(targets);
    if (below.length === 0) return;
    const named = below.slice(0, ROWS_NAMED_MAX).map(describeBelow).join('; ');
    throw new AppError(
      'RATE_BELOW_RESELLER',
      400,
      { rows: below.length > ROWS_NAMED_MAX ? `${named}; … (${below.length})` : named },
      { rows: below },
    );
  }

  // --- resolution ---

  private ratesOfGroupCached(groupId: string) {
    return this.groupRates.getOrLoad(groupId, () => this.repo.ratesOfGroup(groupId));
  }

  private groupsOfCompany(companyId: string) {
    return this.assignments.getOrLoad(
      companyId,
      async () => new Map((await this.repo.assignmentsOf([companyId])).map((a) => [a.kind, a.groupId])),
    );
  }

  private parentOf(companyId: string) {
    return this.parents.getOrLoad(
      companyId,
      async () => (await this.services.companies.find(companyId))?.parentCompanyId ?? null,
    );
  }

  private operators() {
    return this.operatorList.getOrLoad('all', () => this.repo.listOperators());
  }

  /**
   * The price of a number for a company: its assigned group of the kind, the most specific rate
   * (longest prefix, then operator, then country). RATE_NOT_FOUND when no group or no rate;
   * NUMBER_INVALID when the number is not one. Reads are cached for a few seconds (and dropped at
   * once when this process changes rates): what the SMS engine calls per message.
   */
  async resolve(companyId: string, kind: ChargeKind, number: string | ParsedNumber): Promise<Resolution> {
    const parsed = typeof number === 'string' ? parseNumber(number) : number;
    if (!parsed) throw new AppError('NUMBER_INVALID', 400);
    const level = await this.levelOf(companyId, kind);
    return pickLevel(level, parsed, operatorOf(parsed.digits, parsed.countryCode, await this.operators()));
  }

  /** A company's rate group of a kind and its rates (cached reads). */
  private async levelOf(companyId: string, kind: ChargeKind): Promise<RateLevel> {
    const groupId = (await this.groupsOfCompany(companyId)).get(groupKindOf(kind));
    return { companyId, kind, groupId, rates: groupId ? await this.ratesOfGroupCached(groupId) : [] };
  }

  /**
   * Prices numbers for one company and kind with what that needs read once (the company and each
   * reseller above it, their rate groups and rates, the operators): the answer prices each number
   * at once. A batch of 500 numbers is one read, not 500 (the SMS engine's acceptance and charge).
   * A charge prices again with its own (chargeMany): a rate changed since acceptance read it wins.
   */
  async pricing(companyId: string, kind: ChargeKind): Promise<Pricing> {
    const ids = [companyId];
    for (
      let id = await this.parentOf(companyId);
      id !== null && !ids.includes(id);
      id = await this.parentOf(id)
    ) {
      ids.push(id);
    }
    const [levels, operators] = await Promise.all([
      Promise.all(ids.map((id) => this.levelOf(id, kind))),
      this.operators(),
    ]);
    const chain = (parsed: ParsedNumber): Resolution[] => {
      const operator = operatorOf(parsed.digits, parsed.countryCode, operators);
      return levels.map((level) => pickLevel(level, parsed, operator));
    };
    return {
      chain,
      price: (parsed, parts) => {
        const resolutions = chain(parsed);
        return { resolution: resolutions[0]!, ...this.priced(resolutions, parts) };
      },
    };
  }

  /** The lowest gateway cost known for a destination (per message, minute or lookup), or null. */
  async costOf(
    kind: RateGroupKind,
    countryCode: string,
    operator: OperatorRow | undefined,
  ): Promise<bigint | null> {
    const rows = (await this.gatewayPricesFor(kind, countryCode)).filter(
      (r) =>
        r.mcc === null || (operator && r.mcc === operator.mcc && (r.mnc === null || r.mnc === operator.mnc)),
    );
    if (rows.length === 0) return null;
    return rows.reduce((min, r) => (r.cost < min ? r.cost : min), rows[0]!.cost);
  }

  /** `GET /sys/feerate/quote`: price; resellers also their own price and margin, staff cost and margin. */
  async quote(auth: AuthContext, query: { companyId: string; kind: ChargeKind; number: string }) {
    const caller = callerOf(auth);
    await this.services.companies.assertInScope(auth, [query.companyId]);
    const r = await this.resolve(query.companyId, query.kind, query.number);
    let ownPrice: bigint | null = null;
    let cost: bigint | null = null;
    let margin: bigint | null = null;
    if (caller.staff) {
      cost = await this.costOf(groupKindOf(query.kind), r.number.countryCode, r.operator);
      if (cost !== null) margin = r.rate.price - cost;
    } else if (caller.reseller && caller.companyId && caller.companyId !== query.companyId) {
      const own = await this.resolve(caller.companyId, query.kind, r.number).catch((error: unknown) => {
        if (error instanceof AppError && error.errorCode === 'RATE_NOT_FOUND') return undefined;
        throw error;
      });
      if (own) {
        ownPrice = own.rate.price;
        margin = r.rate.price - own.rate.price;
      }
    }
    return {
      companyId: query.companyId,
      kind: query.kind,
      number: `+${r.number.digits}`,
      countryCode: r.number.countryCode,
      operator: r.operator ? { mcc: r.operator.mcc, mnc: r.operator.mnc, name: r.operator.name } : null,
      matchedBy: r.matchedBy,
      rateId: r.rate.id,
      groupId: r.groupId,
      price: r.rate.price,
      connectionFee: r.rate.connectionFee,
      billingInitial: r.rate.billingInitial,
      billingIncrement: r.rate.billingIncrement,
      ownPrice,
      cost,
      margin,
    };
  }

  // --- charging ---

  /** The price at the chain's first company and each reseller's margin (child's price − its own). */
  private priced(chain: Resolution[], parts: number): Priced {
    const voice = groupKindOf(chain[0]!.kind) === 'voice';
    const amounts = chain.map((r) => amountOf(r.rate, voice, parts));
    const commissions: { companyId: string; amount: bigint }[] = [];
    for (let level = 1; level < chain.length; level++) {
      const margin = amounts[level - 1]! - amounts[level]!;
      if (margin > 0n) commissions.push({ companyId: chain[level]!.companyId, amount: margin });
      else if (margin < 0n) {
        this.log?.warn(
          {
            companyId: chain[level - 1]!.companyId,
            reseller: chain[level]!.companyId,
            margin: String(margin),
          },
          'customer priced below its reseller: no commission',
        );
      }
    }
    return { amount: amounts[0]!, commissions };
  }

  /**
   * Charges one message, call or lookup: prices it, takes it from the company's balance and
   * credits each reseller above its margin (child price − own price) × parts as commission, all in
   * one ledger transaction. A repeated key changes nothing and answers the first charge;
   * BALANCE_INSUFFICIENT writes nothing.
   */
  async charge(
    companyId: string,
    kind: ChargeKind,
    number: string,
    parts: number,
    idempotencyKey: string,
    reference?: string | null,
  ): Promise<RateChargeOutcome & { status: 'charged' | 'replayed' }> {
    const [outcome] = await this.chargeBatch(companyId, kind, [{ number, parts, idempotencyKey, reference }]);
    if (outcome!.status === 'refused') {
      const status =
        outcome!.reason === 'BALANCE_INSUFFICIENT' ? 400 : outcome!.reason === 'RATE_NOT_FOUND' ? 404 : 409;
      throw new AppError(outcome!.reason, outcome!.reason === 'NUMBER_INVALID' ? 400 : status);
    }
    return outcome as RateChargeOutcome & { status: 'charged' | 'replayed' };
  }

  /**
   * Many charges of one company in one ledger transaction (a dispatcher's batch): each is decided
   * in order, charged with its commissions, replayed (key seen before) or refused (not covered, no
   * rate, not a number) without affecting the others.
   */
  async chargeBatch(
    companyId: string,
    kind: ChargeKind,
    items: RateChargeItem[],
  ): Promise<RateChargeOutcome[]> {
    const [outcomes] = await this.chargeMany([{ companyId, kind, items }]);
    return outcomes!;
  }

  /**
   * chargeBatch for several companies and kinds at once (acceptances grouped into one
   * transaction): ONE ledger posting, so the balances are locked once, in one order, whatever
   * mix of companies the group holds. Answers each group's outcomes in its items' order.
   *
   * A group with a `sum` is written as one ledger entry (its charges' total, under the sum's key)
   * and one commission entry per reseller, rather than an entry per item: a batch of 500
   * messages is one line of the customer's ledger. Each item is still decided and priced on its
   * own, and answered with its amount and commissions (to be kept with the item, e.g. for a
   * refund). Only with `freshKeys`: the items' keys are not stored, so they cannot be replayed.
   */
  async chargeMany(
    groups: { companyId: string; kind: ChargeKind; items: RateChargeItem[]; sum?: PostingSum }[],
    options: { freshKeys?: boolean } = {},
  ): Promise<RateChargeOutcome[][]> {
    for (const item of groups.flatMap((g) => g.items)) {
      if (!Number.isSafeInteger(item.parts) || item.parts < 0) throw new Error(`invalid parts ${item.parts}`);
    }
    if (groups.some((g) => g.sum) && !options.freshKeys) throw new Error('a summed charge needs fresh keys');
    const answers: (RateChargeOutcome | undefined)[][] = groups.map((g) =>
      new Array(g.items.length).fill(undefined),
    );
    const postings: Parameters<Services['ledger']['post']>[0] = [];
    const plan: {
      group: number;
      index: number;
      leader: number;
      amount: bigint;
      commissions: { companyId: string; amount: bigint }[];
    }[] = [];
    // Keys are per company in the ledger.
    const keysInCall = new Set<string>();
    for (const [g, { companyId, kind, items, sum }] of groups.entries()) {
      const outcomes = answers[g]!;
      const pricing = await this.pricing(companyId, kind);
      // Replays first: a key already charged answers its entry, priced as it was.
      // `freshKeys`: keys never used before (new message ids), so no replay to look for (the
      // ledger still refuses a key it has seen).
      const done = new Map(
        (options.freshKeys
          ? []
          : await this.services.ledger.entriesByKeys(
              companyId,
              items.map((i) => i.idempotencyKey),
            )
        ).map((e) => [e.idempotencyKey, e]),
      );
      for (const [index, item] of items.entries()) {
        const first = done.get(item.idempotencyKey);
        if (first) {
          // The key named another change (a top-up, a transfer): not this charge's to answer.
          outcomes[index] =
            first.kind === 'charge'
              ? { status: 'replayed', amount: -first.amount, commissions: [] }
              : { status: 'refused', reason: 'IDEMPOTENCY_KEY_REUSED' };
          continue;
        }
        const callKey = `${companyId}\n${item.idempotencyKey}`;
        if (keysInCall.has(callKey)) {
          outcomes[index] = { status: 'refused', reason: 'IDEMPOTENCY_KEY_REUSED' };
          continue;
        }
        keysInCall.add(callKey);
        const parsed = typeof item.number === 'string' ? parseNumber(item.number) : item.number;
        if (!parsed) {
          outcomes[index] = { status: 'refused', reason: 'NUMBER_INVALID' };
          continue;
        }
        let chain: Resolution[];
        try {
          chain = pricing.chain(parsed);
        } catch (error) {
          if (error instanceof AppError) {
            outcomes[index] = { status: 'refused', reason: error.errorCode };
            continue;
          }
          throw error;
        }
        const { amount, commissions } = this.priced(chain, item.parts);
        if (amount === 0n) {
          outcomes[index] = { status: 'charged', amount: 0n, commissions: [] };
          continue;
        }
        const leader = postings.length;
        postings.push({
          companyId,
          kind: 'charge',
          amount: -amount,
          idempotencyKey: item.idempotencyKey,
          reference: item.reference ?? null,
          note: `${kind} ${describeRate(chain[0]!.rate)} x${item.parts}`.slice(0, 256),
          sum,
        });
        for (const c of commissions) {
          postings.push({
            companyId: c.companyId,
            kind: 'commission',
            amount: c.amount,
            idempotencyKey: commissionKey(companyId, item.idempotencyKey),
            reference: item.reference ?? null,
            note: `company:${companyId}`,
            requires: leader,
            sum: sum && {
              idempotencyKey: commissionKey(companyId, sum.idempotencyKey),
              reference: sum.reference ?? null,
              note: `company:${companyId}`,
            },
          });
        }
        plan.push({ group: g, index, leader, amount, commissions });
      }
    }
    if (postings.length > 0) {
      // Outside a caller's transaction it may share one with other charges made at the same time.
      const results: PostingOutcome[] = await this.services.ledger.postEach(postings, {
        freshKeys: options.freshKeys,
      });
      for (const p of plan) {
        const result = results[p.leader]!;
        answers[p.group]![p.index] =
          result.status === 'refused'
            ? { status: 'refused', reason: result.reason }
            : {
                status: result.status === 'posted' ? 'charged' : 'replayed',
                amount: p.amount,
                commissions: result.status === 'posted' ? p.commissions : [],
              };
      }
    }
    return answers as RateChargeOutcome[][];
  }

  // --- operators (seed) ---

  async seedOperators(
    list: { countryCode: string; mcc: string; mnc: string; name: string; prefixes: string[] }[],
  ) {
    for (const op of list) await this.repo.upsertOperator(op);
    await this.changed();
  }

  // --- operators (/sys/smsOperator, staff) ---

  listOperators(query: { pageNo: number; pageSize: number } & OperatorFilters): Promise<Page<OperatorRow>> {
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    return paginate(
      query,
      () => this.repo.countOperators(filters),
      (limit, offset) => this.repo.pageOfOperators(filters, limit, offset),
    );
  }

  /** The operators an export writes: the list's filters and sort, at most `limit`. */
  exportOperators(query: OperatorFilters & { pageNo?: number; pageSize?: number }, limit: number) {
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    return this.repo.pageOfOperators(filters, limit, 0);
  }

  async findOperator(id: string): Promise<OperatorRow> {
    const row = await this.repo.findOperator(id);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  /** An operator's problem: an unknown country, a prefix outside the country's calling code. */
  private operatorProblem(
    input: OperatorInput,
  ): { field: string; code: ErrorCode; params: Record<string, string> } | undefined {
    if (!isSupportedCountry(input.countryCode))
      return { field: 'countryCode', code: 'COUNTRY_UNKNOWN', params: { country: input.countryCode } };
    const code = getCountryCallingCode(input.countryCode);
    const bad = input.prefixes.find((p) => !p.startsWith(code));
    if (bad !== undefined)
      return {
        field: 'prefixes',
        code: 'OPERATOR_PREFIX_COUNTRY',
        params: { prefix: bad, country: input.countryCode, code },
      };
    return undefined;
  }

  private operatorValues(input: OperatorInput) {
    const problem = this.operatorProblem(input);
    if (problem) throw new AppError(problem.code, 400, problem.params);
    return {
      countryCode: input.countryCode,
      mcc: input.mcc,
      mnc: input.mnc,
      name: input.name,
      prefixes: [...new Set(input.prefixes)],
    };
  }

  private async writeOperator<T>(input: OperatorInput, fn: () => Promise<T>): Promise<T> {
    try {
      const out = await fn();
      await this.changed();
      return out;
    } catch (error) {
      if (isUniqueViolation(error, 'operators_mcc_mnc_uq'))
        throw new AppError('OPERATOR_DUPLICATE', 409, { mcc: input.mcc, mnc: input.mnc });
      throw error;
    }
  }

  addOperator(input: OperatorInput): Promise<OperatorRow> {
    const values = this.operatorValues(input);
    return this.writeOperator(input, () => this.repo.insertOperator(values));
  }

  async editOperator(input: OperatorInput & { id: string }): Promise<OperatorRow> {
    const values = this.operatorValues(input);
    const row = await this.writeOperator(input, () => this.repo.updateOperator(input.id, values));
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  /** Deletes every one of `ids`, or none when one of them does not exist. */
  async deleteOperators(ids: string[]): Promise<number> {
    const count = await withTransaction(this.db, async () => {
      const deleted = await this.repo.deleteOperators(ids);
      if (deleted.length !== new Set(ids).size) throw new AppError('NOT_FOUND', 404);
      return deleted.length;
    });
    await this.changed();
    return count;
  }

  /** An import's rows of operators: unknown countries, foreign prefixes, an MCC/MNC twice. */
  checkOperatorRows(inputs: OperatorInput[], rowNumbers: number[]): RateRowProblem[] {
    const problems: RateRowProblem[] = [];
    const seen = new Map<string, number>();
    inputs.forEach((input, index) => {
      const problem = this.operatorProblem(input);
      if (problem) {
        problems.push({ index, ...problem });
        return;
      }
      const before = seen.get(`${input.mcc}/${input.mnc}`);
      if (before === undefined) seen.set(`${input.mcc}/${input.mnc}`, index);
      else
        problems.push({
          index,
          field: 'mnc',
          code: 'RATE_DUPLICATE_ROW',
          params: { row: String(rowNumbers[before] ?? before + 1) },
        });
    });
    return problems;
  }

  /** Writes an import's operators in one transaction: an MCC/MNC known already gets the row's values. */
  async importOperators(inputs: OperatorInput[]): Promise<number> {
    const count = await withTransaction(this.db, async () => {
      for (const input of inputs) await this.repo.upsertOperator(this.operatorValues(input));
      return inputs.length;
    });
    await this.changed();
    return count;
  }

  /**
   * A number's country and operator (longest prefix of the operator table), or undefined when it
   * is not a valid international number: what routing matches on.
   */
  async locate(number: string): Promise<(ParsedNumber & { operator: OperatorRow | undefined }) | undefined> {
    const parsed = parseNumber(number);
    if (!parsed) return undefined;
    return { ...parsed, operator: operatorOf(parsed.digits, parsed.countryCode, await this.operators()) };
  }

  /**
   * Each gateway's SMS cost for a destination, by gateway name: its most specific row (the exact
   * network, then the MCC, then the country).
   */
  async gatewayCostsFor(countryCode: string, operator: { mcc: string; mnc: string } | null | undefined) {
    const best = new Map<string, { cost: bigint; rank: number }>();
    for (const r of await this.gatewayPricesFor('sms', countryCode)) {
      let rank: number;
      if (r.mcc === null) rank = 1;
      else if (!operator || r.mcc !== operator.mcc) continue;
      else if (r.mnc === null) rank = 2;
      else if (r.mnc === operator.mnc) rank = 3;
      else continue;
      const seen = best.get(r.gateway);
      if (!seen || rank > seen.rank) best.set(r.gateway, { cost: r.cost, rank });
    }
    return new Map([...best].map(([name, v]) => [name, v.cost]));
  }

  /** The lowest SMS cost of each gateway for a country (any operator), by gateway name. */
  async lowestGatewayCosts(countryCode: string): Promise<Map<string, bigint>> {
    const out = new Map<string, bigint>();
    for (const r of await this.gatewayPricesFor('sms', countryCode)) {
      const seen = out.get(r.gateway);
      if (seen === undefined || r.cost < seen) out.set(r.gateway, r.cost);
    }
    return out;
  }

  // --- gateway costs (staff) ---

  listGatewayPrices(query: { pageNo: number; pageSize: number } & GatewayFilters) {
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    return paginate(
      query,
      () => this.repo.countGatewayPrices(filters),
      (limit, offset) => this.repo.listGatewayPrices(filters, limit, offset),
    );
  }

  private async writeGatewayPrice<T>(fn: () => Promise<T>): Promise<T> {
    try {
      const result = await fn();
      await this.changed();
      return result;
    } catch (error) {
      if (isUniqueViolation(error, 'gateway_operator_prices_uq'))
        throw new AppError('RATE_DUPLICATE', 409, { rows: '' });
      throw error;
    }
  }

  private gatewayValues(input: GatewayInput) {
    if (!isSupportedCountry(input.countryCode))
      throw new AppError('COUNTRY_UNKNOWN', 400, { country: input.countryCode });
    if (input.mnc && !input.mcc) throw new AppError('RATE_MNC_WITHOUT_MCC', 400);
    return {
      gateway: input.gateway,
      kind: input.kind,
      countryCode: input.countryCode,
      mcc: input.mcc ?? null,
      mnc: input.mnc ?? null,
      cost: input.cost,
      remark: input.remark ?? null,
    };
  }

  addGatewayPrice(input: GatewayInput): Promise<GatewayPriceRow> {
    const values = this.gatewayValues(input);
    return this.writeGatewayPrice(() => this.repo.insertGatewayPrice(values));
  }

  async editGatewayPrice(input: GatewayInput & { id: string }): Promise<GatewayPriceRow> {
    const values = this.gatewayValues(input);
    const row = await this.writeGatewayPrice(() => this.repo.updateGatewayPrice(input.id, values));
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  /** The gateway costs an export writes: the list's filters and sort, at most `limit`. */
  exportGatewayPrices(query: GatewayFilters, limit: number) {
    const {
      pageNo: _p,
      pageSize: _s,
      ...filters
    } = query as GatewayFilters & {
      pageNo?: number;
      pageSize?: number;
    };
    return this.repo.listGatewayPrices(filters, limit, 0);
  }

  /** Deletes every one of `ids` in one transaction, or none when one of them does not exist. */
  deleteGatewayPrices(ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const deleted = await this.repo.deleteGatewayPrices(ids);
      if (deleted.length !== new Set(ids).size) throw new AppError('NOT_FOUND', 404);
      await this.changed();
      return deleted.length;
    });
  }

  /** An import's rows of gateway costs: unknown countries, an MNC alone, a destination twice. */
  checkGatewayRows(inputs: GatewayInput[], rowNumbers: number[]): RateRowProblem[] {
    const problems: RateRowProblem[] = [];
    const seen = new Map<string, number>();
    inputs.forEach((input, index) => {
      if (!isSupportedCountry(input.countryCode)) {
        problems.push({
          index,
          field: 'countryCode',
          code: 'COUNTRY_UNKNOWN',
          params: { country: input.countryCode },
        });
        return;
      }
      if (input.mnc && !input.mcc) {
        problems.push({ index, field: 'mnc', code: 'RATE_MNC_WITHOUT_MCC', params: {} });
        return;
      }
      const duplicate = duplicateRow(seen, gatewayKey(this.gatewayValues(input)), index, rowNumbers);
      if (duplicate) problems.push(duplicate);
    });
    return problems;
  }

  /**
   * Writes an import's gateway costs in one transaction: a destination a gateway has a cost for
   * already gets the new one. Answers how many rows were written.
   */
  importGatewayPrices(inputs: GatewayInput[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const values = inputs.map((input) => this.gatewayValues(input));
      const wanted = new Set(values.map(gatewayKey));
      const existing = await this.repo.gatewayPricesOf([...new Set(values.map((v) => v.gateway))]);
      await this.repo.deleteGatewayPrices(existing.filter((r) => wanted.has(gatewayKey(r))).map((r) => r.id));
      return this.writeGatewayPrice(() => this.repo.insertGatewayPrices(values));
    });
  }

  async findGatewayPrice(id: string) {
    const row = await this.repo.findGatewayPrice(id);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  // --- demo ---

  /** Platform groups with realistic prices, assigned to the demo companies (idempotent). */
  async seedDemo(plan: DemoPlan) {
    await withTransaction(this.db, async () => {
      const ids = new Map<string, string>();
      for (const g of plan.groups) {
        const existing = await this.repo.groupNameTaken(g.owner, g.name);
        if (existing) return; // seeded before
        const row = await this.repo.insertGroup({
          name: g.name,
          kind: g.kind,
          ownerCompanyId: g.owner,
          remark: g.remark,
        });
        ids.set(g.name, row.id);
        await this.repo.insertRates(g.rates.map((r) => ({ ...r, groupId: row.id })));
      }
      for (const a of plan.assignments) {
        const groupId = ids.get(a.group);
        if (groupId) await this.repo.assign(a.companyId, a.kind, groupId);
      }
      for (const g of plan.costs) await this.repo.insertGatewayPrice(g);
      await this.changed();
    });
  }
}

export interface GatewayInput {
  gateway: string;
  kind: RateGroupKind;
  countryCode: string;
  mcc?: string | null | undefined;
  mnc?: string | null | undefined;
  cost: bigint;
  remark?: string | null | undefined;
}

export interface DemoPlan {
  groups: {
    name: string;
    kind: RateGroupKind;
    owner: string | null;
    remark: string | null;
    rates: Omit<RateValues, 'groupId'>[];
  }[];
  assignments: { companyId: string; kind: RateGroupKind; group: string }[];
  costs: {
    gateway: string;
    kind: RateGroupKind;
    countryCode: string;
    mcc: string | null;
    mnc: string | null;
    cost: bigint;
  }[];
}

/** What makes two gateway costs the same destination. */
function gatewayKey(r: {
  gateway: string;
  kind: string;
  countryCode: string;
  mcc: string | null;
  mnc: string | null;
}) {
  return [r.gateway, r.kind, r.countryCode, r.mcc ?? '', r.mnc ?? ''].join('|');
}

/** What makes two rates of a group the same destination. */
function destinationKey(r: {
  countryCode: string;
  smsKind?: string | null | undefined;
  mcc?: string | null | undefined;
  mnc?: string | null | undefined;
  prefix?: string | null | undefined;
}) {
  return [r.countryCode, r.smsKind ?? '', r.mcc ?? '', r.mnc ?? '', r.prefix ?? ''].join('|');
}

const describeBelow = (b: BelowRow) => `${b.destination} ${b.price} < ${b.minimum}`;

function importError(errors: { row: number; field: string; message: string }[]) {
  const rows = new Set(errors.map((e) => e.row)).size;
  return new AppError('RATE_IMPORT_INVALID', 400, { count: rows }, { errors });
}

/**
 * An import row as a sheet gives it: numbers where text is expected (prices, MCCs, prefixes),
 * empty cells as empty text. Everything becomes trimmed text; empty optional cells are dropped.
 */
export function normaliseImportRow(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    const text = typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
    if (typeof text === 'string' && text.trim() === '') continue;
    out[key] = typeof text === 'string' ? text.trim() : text;
  }
  return out;
}
