import type { GatewayOption } from '@switchboard/contracts';
import {
  type ErrorCode,
  hasPlatformScope,
  isErrorCode,
  type Locale,
  type Page,
  parseGatewayCell,
  type RouteStrategy,
  type routeImportRowSchema,
  routeInputSchema,
  type SmsKind,
  translateError,
} from '@switchboard/contracts';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { TtlCache } from '../../platform/cache';
import { type CacheBus, clearOnCommit } from '../../platform/cache-bus';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { GatewayGrants } from './grants';
import { allowedGateways, type ChainLink, decide, minuteOf, type RouteRule, timeOf } from './match';
import { type RouteFilters, type RouteValues, type RouteWithGateways, RoutingRepo } from './repo';

type RouteInput = z.output<typeof routeInputSchema>;
type RouteImportRow = z.output<typeof routeImportRowSchema>;

/** The name of routing's caches on the cache bus (routes, grants, choices). */
export const ROUTING_CACHE = 'routing';
/** Also cleared when the gateway module says its gateways changed (enabled flag, names). */
export const GATEWAYS_CACHE = 'gateways';
/** Company parents and gateway states change elsewhere: read again after this long at most. */
const CACHE_TTL_MS = 5_000;
/** Recent delivery rates: over this many days. */
const RECOMMEND_DAYS = 7;

export type RouteDecision =
  | { ok: true; routeId: string; routeName: string; gatewayIds: string[] }
  | { ok: false; reason: 'NO_ROUTE' };

export interface ResolveInput {
  companyId: string;
  kind: SmsKind;
  /** International digits without '+'. */
  number: string;
  countryCode: string;
  mcc?: string | null;
  mnc?: string | null;
  at?: Date;
}

/**
 * Recent delivery figures per gateway (by gateway id) for a country, from the sms module when it
 * is there (the sms-stats module plugs it in: `useDeliveryRates`); without it gateways are ranked by cost alone.
 */
export interface SmsStatsProvider {
  deliveryRates(
    countryCode: string,
    since: Date,
    kind?: SmsKind,
  ): Promise<Map<string, { sent: number; delivered: number }>>;
}

/** A problem of one row of an import. */
export interface RouteRowProblem {
  index: number;
  field: string;
  code: ErrorCode;
  params: Record<string, string>;
}

/**
 * Routing of SMS: ordered routes choosing gateways (priority with failover, or weighted), gateway
 * grants to resellers and resellers' choices for their customers, the route tester and the
 * recommendation of gateways per country.
 */
export class RoutingService {
  private readonly repo: RoutingRepo;
  /** Who may use which gateways: staff grant resellers, resellers choose for their customers. */
  readonly grants: GatewayGrants;
  private readonly routes = new TtlCache<RouteRule[]>(60_000, 1);
  private readonly allowed = new TtlCache<Set<string> | undefined>(CACHE_TTL_MS, 20_000);
  private readonly gateways = new TtlCache<GatewayOption[]>(CACHE_TTL_MS, 1);
  private deliveryRates?: SmsStatsProvider;

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies' | 'gateways' | 'rates'>,
    private readonly caches?: CacheBus,
    /** [0, 1): the weighted draw (tests pass a seeded one). */
    private readonly random: () => number = Math.random,
  ) {
    this.repo = new RoutingRepo(db);
    this.grants = new GatewayGrants(
      db,
      this.repo,
      services,
      (companyId) => this.allowedFor(companyId),
      () => this.changed(),
    );
    caches?.register(ROUTING_CACHE, () => this.clearCaches());
    caches?.register(GATEWAYS_CACHE, () => this.clearCaches());
  }

  /** Plugs in the recent delivery figures the recommendation ranks gateways by (the sms-stats module). */
  useDeliveryRates(provider: SmsStatsProvider) {
    this.deliveryRates = provider;
  }

  /** Routes that match a country (the country module asks before a delete). */
  async countryUsage(code: string) {
    return { routes: await this.repo.countryUsage(code) };
  }

  private clearCaches() {
    this.routes.clear();
    this.allowed.clear();
    this.gateways.clear();
  }

  /** Routing data changed: forget it once committed, in every process. */
  private changed() {
    return clearOnCommit(this.caches, ROUTING_CACHE, () => this.clearCaches());
  }

  private allGateways(): Promise<GatewayOption[]> {
    return this.gateways.getOrLoad('all', () => this.services.gateways.options());
  }

  // --- resolution ---

  /** The company and the resellers above it, the top first, with their grants and the choices made for them. */
  private async chainOf(companyId: string): Promise<ChainLink[]> {
    const ids: string[] = [];
    const seen = new Set<string>();
    for (let id: string | null = companyId; id !== null && !seen.has(id); ) {
      seen.add(id);
      ids.unshift(id);
      id = (await this.services.companies.find(id))?.parentCompanyId ?? null;
    }
    const [grants, choices] = await Promise.all([this.repo.grantsOf(ids), this.repo.choicesOf(ids)]);
    return ids.map((id) => ({ companyId: id, granted: grants.get(id) ?? [], chosen: choices.get(id) ?? [] }));
  }

  /** Gateways a company may use (undefined: any). */
  allowedFor(companyId: string): Promise<Set<string> | undefined> {
    return this.allowed.getOrLoad(companyId, async () => allowedGateways(await this.chainOf(companyId)));
  }

  /**
   * The route of a message and its gateways in try order: the first enabled route (smallest sort
   * order) whose matchers hold and that has a gateway the company may use (grants and its
   * reseller's choice), disabled gateways left out. Premium OTP matches premium OTP routes only.
   */
  async resolve(input: ResolveInput): Promise<RouteDecision> {
    return (await this.resolver(input.companyId))(input);
  }

  /**
   * `resolve` for many messages of one company: what it reads is read once, and the answer
   * decides each message at once (a batch of 500 numbers: one read, not 500).
   */
  async resolver(companyId: string): Promise<(input: Omit<ResolveInput, 'companyId'>) => RouteDecision> {
    const [routes, allowed, gateways] = await Promise.all([
      this.routes.getOrLoad('all', () => this.repo.all()),
      this.allowedFor(companyId),
      this.allGateways(),
    ]);
    const enabled = new Set(gateways.filter((g) => g.enabled).map((g) => g.id));
    const usable = (id: string) => enabled.has(id) && (!allowed || allowed.has(id));
    return (input) => {
      const found = decide(routes, { ...input, companyId, at: input.at ?? new Date() }, usable, this.random);
      if (!found) return { ok: false, reason: 'NO_ROUTE' };
      return { ok: true, routeId: found.route.id, routeName: found.route.name, gatewayIds: found.gatewayIds };
    };
  }

  // --- routes (staff) ---

  private async present(rows: RouteWithGateways[]) {
    const names = new Map((await this.allGateways()).map((g) => [g.id, g.name]));
    const companyIds = [...new Set(rows.map((r) => r.companyId).filter((id): id is string => id !== null))];
    const companies = companyIds.length ? await this.services.companies.namesOf(companyIds) : new Map();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      companyName: r.companyId ? (companies.get(r.companyId) ?? null) : null,
      smsKind: r.smsKind,
      countryCode: r.countryCode,
      mcc: r.mcc,
      mnc: r.mnc,
      prefix: r.prefix,
      startTime: r.startMinute === null ? null : timeOf(r.startMinute),
      endTime: r.endMinute === null ? null : timeOf(r.endMinute),
      enabled: r.enabled,
      sortOrder: r.sortOrder,
      strategy: r.strategy as RouteStrategy,
      gateways: r.gateways.map((g) => ({ ...g, name: names.get(g.gatewayId) ?? g.gatewayId })),
      remark: r.remark,
      updatedAt: r.updatedAt,
    }));
  }

  /** The routes a staff user may see: administrators all; sales those of every company or of theirs. */
  private async scopeOf(auth: AuthContext): Promise<string[] | undefined> {
    const scope = await this.services.companies.dataScopeOf(auth);
    return scope.kind === 'all' ? undefined : scope.companyIds;
  }

  async list(auth: AuthContext, query: { pageNo: number; pageSize: number } & RouteFilters) {
    const { pageNo: _p, pageSize: _s, ...rest } = query;
    const filters = { ...rest, scopeIds: await this.scopeOf(auth) };
    const page = await paginate(
      query,
      () => this.repo.count(filters),
      (limit, offset) => this.repo.page(filters, limit, offset),
    );
    return { ...page, records: await this.present(page.records) } as Page<
      Awaited<ReturnType<RoutingService['present']>>[number]
    >;
  }

  async exportRows(
    auth: AuthContext,
    query: RouteFilters & { pageNo?: number; pageSize?: number },
    limit: number,
  ) {
    const { pageNo: _p, pageSize: _s, ...rest } = query;
    return this.present(await this.repo.page({ ...rest, scopeIds: await this.scopeOf(auth) }, limit, 0));
  }

  async get(id: string, auth?: AuthContext) {
    const row = await this.repo.find(id);
    const scope = auth ? await this.scopeOf(auth) : undefined;
    if (!row || (scope && row.companyId !== null && !scope.includes(row.companyId)))
      throw new AppError('NOT_FOUND', 404);
    return (await this.present([row]))[0]!;
  }

  /** A route's values, or the first problem: its company, its gateways, prefix and country. */
  private async problemOf(
    input: RouteInput,
    known: Map<string, GatewayOption>,
  ): Promise<{ field: string; code: ErrorCode; params: Record<string, string> } | undefined> {
    if (input.companyId && !(await this.services.companies.find(input.companyId)))
      return { field: 'companyId', code: 'NO_OPERATION_PERMISSION', params: {} };
    const unknown = input.gateways.find((g) => !known.has(g.gatewayId));
    if (unknown)
      return { field: 'gateways', code: 'ROUTE_GATEWAY_UNKNOWN', params: { name: unknown.gatewayId } };
    if (input.countryCode) {
      if (!isSupportedCountry(input.countryCode))
        return { field: 'countryCode', code: 'COUNTRY_UNKNOWN', params: { country: input.countryCode } };
      if (input.prefix && !input.prefix.startsWith(getCountryCallingCode(input.countryCode)))
        return { field: 'prefix', code: 'ROUTE_COUNTRY_MISMATCH', params: { country: input.countryCode } };
    }
    return undefined;
  }

  private valuesOf(input: RouteInput): RouteValues {
    return {
      name: input.name,
      companyId: input.companyId ?? null,
      smsKind: input.smsKind ?? null,
      countryCode: input.countryCode ?? null,
      mcc: input.mcc ?? null,
      mnc: input.mcc ? (input.mnc ?? null) : null,
      prefix: input.prefix ?? null,
      startMinute: input.startTime ? minuteOf(input.startTime) : null,
      endMinute: input.endTime ? minuteOf(input.endTime) : null,
      enabled: input.enabled,
      sortOrder: input.sortOrder,
      strategy: input.strategy,
      remark: input.remark ?? null,
    };
  }

  private async checked(input: RouteInput): Promise<RouteValues> {
    const known = new Map(
      (await this.services.gateways.options(input.gateways.map((g) => g.gatewayId))).map((g) => [g.id, g]),
    );
    const problem = await this.problemOf(input, known);
    if (problem)
      throw new AppError(
        problem.code,
        problem.code === 'NO_OPERATION_PERMISSION' ? 403 : 400,
        problem.params,
      );
    return this.valuesOf(input);
  }

  /** Whether any route exists (the demo seeds its routes only into a database without any). */
  async hasRoutes(): Promise<boolean> {
    return (await this.repo.count({})) > 0;
  }

  async add(input: RouteInput) {
    const values = await this.checked(input);
    const id = await withTransaction(this.db, async () => {
      const id = await this.repo.insert(values, input.gateways);
      await this.changed();
      return id;
    });
    return this.get(id);
  }

  async edit(input: RouteInput & { id: string }) {
    const values = await this.checked(input);
    await withTransaction(this.db, async () => {
      if (!(await this.repo.update(input.id, values, input.gateways))) throw new AppError('NOT_FOUND', 404);
      await this.changed();
    });
    return this.get(input.id);
  }

  /** Deletes every one of `ids`, or none when one of them does not exist. */
  remove(ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const deleted = await this.repo.delete(ids);
      if (deleted.length !== new Set(ids).size) throw new AppError('NOT_FOUND', 404);
      await this.changed();
      return deleted.length;
    });
  }

  /** An import row as a route: gateway names to ids, then the add form's rules. */
  private async importRoute(
    row: RouteImportRow,
    byName: Map<string, GatewayOption>,
  ): Promise<{ input?: RouteInput; problem?: Omit<RouteRowProblem, 'index'> }> {
    const cell = parseGatewayCell(row.gateways);
    if (!cell || cell.length === 0)
      return { problem: { field: 'gateways', code: 'ROUTE_GATEWAYS_REQUIRED', params: {} } };
    const gateways: { gatewayId: string; weight: number }[] = [];
    for (const g of cell) {
      const found = byName.get(g.name.toLowerCase());
      if (!found)
        return { problem: { field: 'gateways', code: 'ROUTE_GATEWAY_UNKNOWN', params: { name: g.name } } };
      gateways.push({ gatewayId: found.id, weight: g.weight });
    }
    const parsed = routeInputSchema.safeParse({ ...row, gateways });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return {
        problem: {
          field: String(issue.path[0] ?? 'gateways'),
          code: isErrorCode(issue.message) ? issue.message : 'FIELD_INVALID',
          params: {},
        },
      };
    }
    const problem = await this.problemOf(parsed.data, new Map([...byName.values()].map((g) => [g.id, g])));
    if (problem) return { problem };
    return { input: parsed.data };
  }

  private async gatewaysByName() {
    return new Map((await this.services.gateways.options()).map((g) => [g.name.toLowerCase(), g]));
  }

  async checkImportRows(rows: RouteImportRow[]): Promise<RouteRowProblem[]> {
    const byName = await this.gatewaysByName();
    const problems: RouteRowProblem[] = [];
    for (const [index, row] of rows.entries()) {
      const { problem } = await this.importRoute(row, byName);
      if (problem) problems.push({ index, ...problem });
    }
    return problems;
  }

  /** Adds every imported route in one transaction. */
  async importRows(rows: RouteImportRow[]): Promise<number> {
    const byName = await this.gatewaysByName();
    return withTransaction(this.db, async () => {
      for (const row of rows) {
        const { input, problem } = await this.importRoute(row, byName);
        if (!input) throw new AppError(problem?.code ?? 'VALIDATION_FAILED', 400, problem?.params);
        await this.repo.insert(this.valuesOf(input), input.gateways);
      }
      await this.changed();
      return rows.length;
    });
  }

  /** Every gateway, for the route form's picker. */
  gatewayChoices(): Promise<GatewayOption[]> {
    return this.services.gateways.options();
  }

  // --- tester and recommendation ---

  /** `POST /sms/route/test`: the route and gateways a number would take, the price, for staff cost and margin. */
  async test(
    auth: AuthContext,
    input: { companyId: string; kind: SmsKind; number: string; at?: Date | undefined },
    locale: Locale,
  ) {
    await this.services.companies.assertInScope(auth, [input.companyId]);
    const staff = hasPlatformScope(auth.roles);
    const located = await this.services.rates.operators.locate(input.number);
    const none = {
      route: null,
      gateways: [],
      price: null,
      priceError: null,
      cost: null,
      margin: null,
    };
    if (!located) {
      return {
        number: input.number,
        countryCode: null,
        operator: null,
        reason: 'NUMBER_INVALID',
        reasonText: translateError('NUMBER_INVALID', locale),
        ...none,
      };
    }
    const operator = located.operator
      ? { mcc: located.operator.mcc, mnc: located.operator.mnc, name: located.operator.name }
      : null;
    const head = { number: `+${located.digits}`, countryCode: located.countryCode, operator };
    let price: bigint | null = null;
    let priceError: string | null = null;
    try {
      price = (await this.services.rates.pricing.resolve(input.companyId, input.kind, located)).rate.price;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      priceError = error.errorCode;
    }
    const decision = await this.resolve({
      companyId: input.companyId,
      kind: input.kind,
      number: located.digits,
      countryCode: located.countryCode,
      mcc: operator?.mcc ?? null,
      mnc: operator?.mnc ?? null,
      ...(input.at ? { at: input.at } : {}),
    });
    if (!decision.ok) {
      return {
        ...head,
        ...none,
        price,
        priceError,
        reason: 'NO_ROUTE',
        reasonText: translateError('NO_ROUTE', locale),
      };
    }
    const names = new Map((await this.allGateways()).map((g) => [g.id, g.name]));
    const costs = staff
      ? await this.services.rates.gatewayCosts.byGateway(located.countryCode, operator)
      : new Map();
    const gateways = decision.gatewayIds.map((id) => {
      const name = names.get(id) ?? id;
      return { id, name, cost: staff ? (costs.get(name) ?? null) : null };
    });
    const route = (await this.routes.getOrLoad('all', () => this.repo.all())).find(
      (r) => r.id === decision.routeId,
    );
    const cost = staff ? (gateways[0]?.cost ?? null) : null;
    return {
      ...head,
      reason: null,
      reasonText: null,
      route: { id: decision.routeId, name: decision.routeName, strategy: route?.strategy ?? 'priority' },
      gateways,
      price,
      priceError,
      cost,
      margin: staff && price !== null && cost !== null ? price - cost : null,
    };
  }

  /**
   * `GET /recommend`: every gateway for a country, enabled first, ranked by cost per delivered
   * message (cost ÷ recent delivery rate) when delivery rates are known, else by cost; gateways
   * without a known cost last.
   */
  async recommend(query: { countryCode: string; kind?: SmsKind | undefined }) {
    const gateways = await this.services.gateways.options();
    const costs = await this.services.rates.gatewayCosts.lowestByGateway(query.countryCode);
    const since = new Date(Date.now() - RECOMMEND_DAYS * 86_400_000);
    const stats = this.deliveryRates
      ? await this.deliveryRates.deliveryRates(query.countryCode, since, query.kind)
      : undefined;
    const rows = gateways.map((g) => {
      const s = stats?.get(g.id);
      const deliveryRate = s && s.sent > 0 ? s.delivered / s.sent : null;
      const cost = costs.get(g.name) ?? null;
      // Cost per delivered message, in micro-units (a gateway that delivered nothing: last of those with a cost).
      const effective =
        cost === null
          ? Number.POSITIVE_INFINITY
          : deliveryRate === null
            ? Number(cost)
            : deliveryRate > 0
              ? Number(cost) / deliveryRate
              : Number.MAX_VALUE;
      return { ...g, cost, deliveryRate, sent: s ? s.sent : null, effective };
    });
    rows.sort(
      (a, b) =>
        Number(b.enabled) - Number(a.enabled) ||
        a.effective - b.effective ||
        (b.deliveryRate ?? -1) - (a.deliveryRate ?? -1) ||
        a.name.localeCompare(b.name),
    );
    return {
      countryCode: query.countryCode,
      withDeliveryRates: stats !== undefined && stats.size > 0,
      gateways: rows.map(({ effective: _e, ...r }, i) => ({ ...r, rank: i + 1 })),
    };
  }
}

/** For tests: a route rule's values in sheet form (what the export writes in the gateways cell). */
export const gatewayCell = (gateways: { name: string; weight: number }[], strategy: RouteStrategy) =>
  gateways.map((g) => (strategy === 'weighted' ? `${g.name}:${g.weight}` : g.name)).join(', ');
