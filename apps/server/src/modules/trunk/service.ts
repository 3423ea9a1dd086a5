import {
  applyCallerIdRule,
  type CallerIdRule,
  type PageQuery,
  type SipAccountEdit,
  type sipAccountEditSchema,
  type sipAccountInputSchema,
  type sipAccountSchema,
  TRUNK_STATE_MESSAGE,
  type TrunkAuthMode,
  type TrunkLiveState,
  type TrunkOption,
  type TrunkTransport,
  type trunkEditSchema,
  type trunkInputSchema,
  type trunkSchema,
  type trunkStateSchema,
  type VoiceCodec,
  type VoiceRouteTest,
  type voiceRouteEditSchema,
  type voiceRouteInputSchema,
  type voiceRouteSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { TtlCache } from '../../platform/cache';
import { clearOnCommit } from '../../platform/cache-bus';
import { type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Platform, Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { SecretBox } from '../../platform/secret-box';
import { parseNumber } from '../rate';
import { decideVoiceRoute, type VoiceRouteRule } from './match';
import { type GatewayNotifySettings, GatewayNotifyStore, trunkNoticeOf } from './notify';
import {
  type SipAccountFilters,
  type SipAccountRow,
  type TrunkFilters,
  TrunkRepo,
  type TrunkRow,
  type TrunkStateRow,
  type TrunkValues,
  type VoiceRouteFilters,
  type VoiceRouteRow,
} from './repo';

type SipAccountInput = z.output<typeof sipAccountInputSchema>;
type SipAccountEditInput = z.output<typeof sipAccountEditSchema>;
type TrunkInput = z.output<typeof trunkInputSchema>;
type TrunkEdit = z.output<typeof trunkEditSchema>;
type RouteInput = z.output<typeof voiceRouteInputSchema>;
type RouteEdit = z.output<typeof voiceRouteEditSchema>;
export type SipAccountView = z.output<typeof sipAccountSchema>;
export type TrunkView = z.output<typeof trunkSchema>;
export type VoiceRouteView = z.output<typeof voiceRouteSchema>;
export type TrunkStateView = z.output<typeof trunkStateSchema>;
export type { SipAccountEdit };

/** The cache-bus name of trunks and routes: a change clears every process's routing cache and makes monitors look again. */
export const TRUNKS_CHANGED = 'voiceTrunks';
/** A state row not renewed for this long belongs to a process that is gone. */
export const TRUNK_STATE_STALE_MS = 90_000;
/** How long routeCall keeps the routes and trunks it read (a change clears it at once, everywhere). */
const ROUTING_CACHE_MS = 5_000;

/** The additional data sealing a SIP account's password: the sealed text opens for that row only. */
const passwordAad = (id: string) => `voice_sip_accounts.password:${id}`;

/** Where and how to place a call on one trunk: what the dialer (SIP engine) needs. */
export interface TrunkTarget {
  trunkId: string;
  name: string;
  host: string;
  port: number;
  transport: TrunkTransport;
  authMode: TrunkAuthMode;
  codecs: VoiceCodec[];
  maxCalls: number;
  cps: number;
  /** Digest credentials (password opened), for REGISTER and for challenged INVITEs; null: none. */
  auth: { username: string; password: string; realm: string | null; expiresS: number } | null;
  callerIdRule: CallerIdRule;
  callerGroupId: string | null;
  fixedCallerId: string | null;
  stripPrefix: string | null;
  optionsIntervalS: number;
}

/** What a monitor check found: registered (REGISTER accepted), reachable (OPTIONS answered) or unreachable. */
export interface TrunkCheck {
  state: 'registered' | 'reachable' | 'unreachable';
  /** Why it is unreachable (or a refused registration's answer). */
  error: string | null;
}

const UP_STATES: ReadonlySet<string> = new Set(['registered', 'reachable']);

function trunkValuesOf(input: Omit<TrunkInput, never>): Omit<TrunkValues, 'id'> {
  const rule = input.callerIdRule;
  return {
    name: input.name,
    enabled: input.enabled,
    host: input.host,
    port: input.port,
    transport: input.transport,
    authMode: input.authMode,
    sipAccountId: input.sipAccountId ?? null,
    codecs: input.codecs,
    maxCalls: input.maxCalls,
    cps: input.cps,
    callerIdRule: rule,
    // Only the setting of the chosen rule is kept.
    callerGroupId: rule === 'group' ? (input.callerGroupId ?? null) : null,
    fixedCallerId: rule === 'fixed' ? (input.fixedCallerId ?? null) : null,
    stripPrefix: rule === 'strip_prefix' ? (input.stripPrefix ?? null) : null,
    optionsIntervalS: input.optionsIntervalS,
    remark: input.remark ?? null,
  };
}

/**
 * Voice trunks, the SIP accounts they use and voice routes (staff only), the routing of a call
 * (`routeCall`), the caller ID a trunk sends (`callerIdFor`), and the trunks' live state, kept by
 * the monitor of a worker process and pushed to staff, with a notice when a trunk goes down or
 * comes back (gateway notify).
 */
export class TrunkService {
  private readonly repo: TrunkRepo;
  private readonly routing = new TtlCache<{
    routes: VoiceRouteRule[];
    trunks: Map<string, TrunkRow>;
    down: Set<string>;
  }>(ROUTING_CACHE_MS, 1);
  /** Who is told of trunks going down and coming back, and when (`/voip/gatewayNotify`). */
  readonly notifySettings: GatewayNotifyStore;

  constructor(
    private readonly db: Db,
    private readonly services: Pick<
      Services,
      'announcements' | 'apiAccess' | 'callers' | 'companies' | 'settings'
    >,
    private readonly platform: Platform,
  ) {
    this.repo = new TrunkRepo(db);
    this.notifySettings = new GatewayNotifyStore(services.settings);
    platform.caches.register(TRUNKS_CHANGED, () => this.routing.clear());
  }

  // --- the interface other modules use ---

  /**
   * The trunks a call to `to` (international form) of a company is tried on, in order: those of
   * the first matching route with an enabled trunk, trunks known to be down last.
   * VOICE_NUMBER_INVALID for a number of no known country, NO_VOICE_ROUTE when nothing matches.
   */
  async routeCall(to: string, companyId: string): Promise<TrunkTarget[]> {
    return (await this.decide(to, companyId)).targets;
  }

  /**
   * The caller ID a call shows on a trunk: the trunk's rule applied to the one the task chose
   * (`group`: the next of the trunk's caller group, rotating per `taskKey`).
   */
  async callerIdFor(target: TrunkTarget, callerId: string, taskKey: string): Promise<string> {
    const groupCallerId =
      target.callerIdRule === 'group' && target.callerGroupId
        ? await this.services.callers.nextCallerId(
            { groupId: target.callerGroupId },
            `trunk:${target.trunkId}:${taskKey}`,
          )
        : undefined;
    return applyCallerIdRule(target.callerIdRule, callerId, {
      fixedCallerId: target.fixedCallerId,
      stripPrefix: target.stripPrefix,
      groupCallerId,
    });
  }

  /** One trunk as a target (a CLI test through a chosen trunk); undefined when there is none. */
  async targetOf(trunkId: string): Promise<TrunkTarget | undefined> {
    const row = await this.repo.trunk(trunkId);
    return row ? (await this.targetsOf([row]))[0] : undefined;
  }

  /**
   * Takes a call on a trunk for every process sharing the database (before its INVITE): refused
   * (undefined) while the trunk has its max concurrent calls up; else how long to wait for the
   * call's start slot under the trunk's calls per second. The call holds its place for `leaseMs`
   * unless renewed (`renewCalls`) until `endCall`: a process that dies loses its calls' places.
   */
  takeCall(
    target: Pick<TrunkTarget, 'trunkId' | 'maxCalls' | 'cps'>,
    callId: string,
    leaseMs: number,
  ): Promise<{ waitMs: number } | undefined> {
    return withTransaction(this.db, () => this.repo.takeCall(target.trunkId, callId, target, leaseMs));
  }

  renewCalls(callIds: readonly string[], leaseMs: number): Promise<void> {
    return this.repo.renewCalls(callIds, leaseMs);
  }

  endCall(callId: string): Promise<void> {
    return this.repo.endCall(callId);
  }

  private async decide(to: string, companyId: string) {
    const parsed = parseNumber(to);
    if (!parsed) throw new AppError('VOICE_NUMBER_INVALID', 400);
    const { routes, trunks, down } = await this.routing.getOrLoad('all', () => this.loadRouting());
    const decision = decideVoiceRoute(
      routes,
      { companyId, number: parsed.digits, countryCode: parsed.countryCode },
      (id) => trunks.get(id)?.enabled === true,
      (id) => down.has(id),
    );
    if (!decision) throw new AppError('NO_VOICE_ROUTE', 409);
    const targets = await this.targetsOf(decision.trunkIds.map((id) => trunks.get(id)!));
    return { route: decision.route, parsed, targets };
  }

  private async loadRouting() {
    const [routeRows, links, trunkRows, states] = await Promise.all([
      this.repo.allRoutes(),
      this.repo.routeTrunks(),
      this.repo.allTrunks(),
      this.repo.states(),
    ]);
    const now = Date.now();
    return {
      routes: routeRows.map((r) => ({
        id: r.id,
        name: r.name,
        companyId: r.companyId,
        countryCode: r.countryCode,
        prefix: r.prefix,
        enabled: r.enabled,
        sortOrder: r.sortOrder,
        trunkIds: links.filter((l) => l.routeId === r.id).map((l) => l.trunkId),
      })),
      trunks: new Map(trunkRows.map((t) => [t.id, t])),
      down: new Set(
        states
          .filter((s) => s.state === 'unreachable' && now - s.seenAt.getTime() < TRUNK_STATE_STALE_MS)
          .map((s) => s.trunkId),
      ),
    };
  }

  private async targetsOf(rows: TrunkRow[]): Promise<TrunkTarget[]> {
    const accounts = await this.repo.sipAccountsByIds([
      ...new Set(rows.flatMap((r) => (r.sipAccountId ? [r.sipAccountId] : []))),
    ]);
    const box = accounts.length > 0 ? await this.box() : undefined;
    return rows.map((row) => {
      const account = accounts.find((a) => a.id === row.sipAccountId);
      const password = account && box ? box.open(account.password, passwordAad(account.id)) : null;
      return {
        trunkId: row.id,
        name: row.name,
        host: row.host,
        port: row.port,
        transport: row.transport,
        authMode: row.authMode,
        codecs: row.codecs,
        maxCalls: row.maxCalls,
        cps: row.cps,
        auth:
          account && password !== null
            ? { username: account.username, password, realm: account.realm, expiresS: account.expiresS }
            : null,
        callerIdRule: row.callerIdRule,
        callerGroupId: row.callerGroupId,
        fixedCallerId: row.fixedCallerId,
        stripPrefix: row.stripPrefix,
        optionsIntervalS: row.optionsIntervalS,
      };
    });
  }

  // --- writes ---

  /** Writes in a transaction; once committed every process's routing cache goes and monitors look again. */
  private write<T>(fn: () => Promise<T>): Promise<T> {
    return withTransaction(
      this.db,
      async () => {
        try {
          const result = await fn();
          await clearOnCommit(this.platform.caches, TRUNKS_CHANGED, () => this.routing.clear());
          return result;
        } catch (error) {
          const constraint = uniqueViolationOf(error);
          if (constraint === 'voice_trunks_name_uq') throw new AppError('TRUNK_NAME_TAKEN', 409);
          if (constraint === 'voice_sip_accounts_user_realm_uq') throw new AppError('SIP_ACCOUNT_TAKEN', 409);
          throw error;
        }
      },
      this.platform.log,
    );
  }

  private box(): Promise<SecretBox> {
    return this.services.apiAccess.secretBox();
  }

  // --- SIP accounts ---

  private async sipViews(rows: SipAccountRow[]): Promise<SipAccountView[]> {
    const used = await this.repo.trunksOfSipAccounts(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      realm: r.realm,
      expiresS: r.expiresS,
      remark: r.remark,
      trunks: used.filter((u) => u.sipAccountId === r.id).length,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  listSipAccounts(query: PageQuery & SipAccountFilters) {
    return paginate(
      query,
      () => this.repo.countSipAccounts(query),
      async (limit, offset) => this.sipViews(await this.repo.listSipAccounts(query, limit, offset)),
    );
  }

  async getSipAccount(id: string): Promise<SipAccountView> {
    const row = await this.repo.sipAccount(id);
    if (!row) throw new AppError('SIP_ACCOUNT_NOT_FOUND', 404);
    return (await this.sipViews([row]))[0]!;
  }

  async addSipAccount(input: SipAccountInput): Promise<SipAccountView> {
    const box = await this.box();
    const row = await this.write(async () => {
      const id = crypto.randomUUID();
      return this.repo.insertSipAccount({
        id,
        username: input.username,
        password: box.seal(input.password, passwordAad(id)),
        realm: input.realm || null,
        expiresS: input.expiresS,
        remark: input.remark ?? null,
      });
    });
    return (await this.sipViews([row]))[0]!;
  }

  async editSipAccount(input: SipAccountEditInput): Promise<SipAccountView> {
    const box = await this.box();
    const row = await this.write(async () => {
      const updated = await this.repo.updateSipAccount(input.id, {
        username: input.username,
        realm: input.realm || null,
        expiresS: input.expiresS,
        remark: input.remark ?? null,
        ...(input.password ? { password: box.seal(input.password, passwordAad(input.id)) } : {}),
      });
      if (!updated) throw new AppError('SIP_ACCOUNT_NOT_FOUND', 404);
      return updated;
    });
    return (await this.sipViews([row]))[0]!;
  }

  /** Deletes every one of `ids` or none: refused, naming it, while a trunk uses one. */
  deleteSipAccounts(ids: string[]): Promise<number> {
    return this.write(async () => {
      const rows = await this.repo.sipAccountsByIds(ids);
      if (rows.length !== new Set(ids).size) throw new AppError('SIP_ACCOUNT_NOT_FOUND', 404);
      const used = await this.repo.trunksOfSipAccounts(ids);
      const first = used[0];
      if (first) {
        const account = rows.find((r) => r.id === first.sipAccountId)!;
        throw new AppError('SIP_ACCOUNT_IN_USE', 409, { name: account.username, usage: first.name });
      }
      return this.repo.deleteSipAccounts(ids);
    });
  }

  // --- trunks ---

  private async trunkViews(rows: TrunkRow[]): Promise<TrunkView[]> {
    const accounts = await this.repo.sipAccountsByIds([
      ...new Set(rows.flatMap((r) => (r.sipAccountId ? [r.sipAccountId] : []))),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      enabled: r.enabled,
      host: r.host,
      port: r.port,
      transport: r.transport,
      authMode: r.authMode,
      sipAccountId: r.sipAccountId,
      sipUsername: accounts.find((a) => a.id === r.sipAccountId)?.username ?? null,
      codecs: r.codecs,
      maxCalls: r.maxCalls,
      cps: r.cps,
      callerIdRule: r.callerIdRule,
      callerGroupId: r.callerGroupId,
      fixedCallerId: r.fixedCallerId,
      stripPrefix: r.stripPrefix,
      optionsIntervalS: r.optionsIntervalS,
      remark: r.remark,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  /** The SIP account and caller group a trunk names must exist. */
  private async checkTrunkRefs(input: TrunkInput): Promise<void> {
    if (input.sipAccountId && !(await this.repo.sipAccount(input.sipAccountId)))
      throw new AppError('SIP_ACCOUNT_NOT_FOUND', 400);
    if (input.callerIdRule === 'group' && input.callerGroupId) {
      if (!(await this.services.callers.groupById(input.callerGroupId)))
        throw new AppError('CALLER_GROUP_NOT_FOUND', 400);
    }
  }

  listTrunks(query: PageQuery & TrunkFilters) {
    return paginate(
      query,
      () => this.repo.countTrunks(query),
      async (limit, offset) => this.trunkViews(await this.repo.listTrunks(query, limit, offset)),
    );
  }

  async getTrunk(id: string): Promise<TrunkView> {
    const row = await this.repo.trunk(id);
    if (!row) throw new AppError('TRUNK_NOT_FOUND', 404);
    return (await this.trunkViews([row]))[0]!;
  }

  async addTrunk(input: TrunkInput): Promise<TrunkView> {
    const row = await this.write(async () => {
      await this.checkTrunkRefs(input);
      return this.repo.insertTrunk(trunkValuesOf(input));
    });
    return (await this.trunkViews([row]))[0]!;
  }

  async editTrunk(input: TrunkEdit): Promise<TrunkView> {
    const row = await this.write(async () => {
      await this.checkTrunkRefs(input);
      const updated = await this.repo.updateTrunk(input.id, trunkValuesOf(input));
      if (!updated) throw new AppError('TRUNK_NOT_FOUND', 404);
      return updated;
    });
    return (await this.trunkViews([row]))[0]!;
  }

  /** Deletes every one of `ids` or none: refused, naming it, while a route uses one. */
  deleteTrunks(ids: string[]): Promise<number> {
    return this.write(async () => {
      const rows = await this.repo.trunksByIds(ids);
      if (rows.length !== new Set(ids).size) throw new AppError('TRUNK_NOT_FOUND', 404);
      const used = await this.repo.routesUsing(ids);
      const first = used[0];
      if (first) {
        const trunk = rows.find((r) => r.id === first.trunkId)!;
        throw new AppError('TRUNK_IN_USE', 409, { name: trunk.name, usage: first.name });
      }
      return this.repo.deleteTrunks(ids);
    });
  }

  async options(): Promise<TrunkOption[]> {
    return (await this.repo.allTrunks()).map((t) => ({ id: t.id, name: t.name, enabled: t.enabled }));
  }

  // --- routes ---

  private async routeViews(rows: VoiceRouteRow[]): Promise<VoiceRouteView[]> {
    const links = await this.repo.routeTrunks(rows.map((r) => r.id));
    const [trunks, names] = await Promise.all([
      this.repo.trunksByIds([...new Set(links.map((l) => l.trunkId))]),
      this.services.companies.namesOf([...new Set(rows.flatMap((r) => (r.companyId ? [r.companyId] : [])))]),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      companyName: r.companyId ? (names.get(r.companyId) ?? null) : null,
      countryCode: r.countryCode,
      prefix: r.prefix,
      enabled: r.enabled,
      sortOrder: r.sortOrder,
      trunks: links
        .filter((l) => l.routeId === r.id)
        .map((l) => ({ id: l.trunkId, name: trunks.find((t) => t.id === l.trunkId)?.name ?? '' })),
      remark: r.remark,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  private async checkRoute(input: RouteInput): Promise<void> {
    const trunks = await this.repo.trunksByIds(input.trunkIds);
    if (trunks.length !== input.trunkIds.length) throw new AppError('VOICE_ROUTE_TRUNK_UNKNOWN', 400);
    if (input.companyId && !(await this.services.companies.find(input.companyId)))
      throw new AppError('COMPANY_NOT_FOUND', 400);
  }

  private routeValues(input: RouteInput) {
    return {
      name: input.name,
      companyId: input.companyId ?? null,
      countryCode: input.countryCode ?? null,
      prefix: input.prefix ?? null,
      enabled: input.enabled,
      sortOrder: input.sortOrder,
      remark: input.remark ?? null,
    };
  }

  listRoutes(query: PageQuery & VoiceRouteFilters) {
    return paginate(
      query,
      () => this.repo.countRoutes(query),
      async (limit, offset) => this.routeViews(await this.repo.listRoutes(query, limit, offset)),
    );
  }

  async getRoute(id: string): Promise<VoiceRouteView> {
    const row = await this.repo.route(id);
    if (!row) throw new AppError('VOICE_ROUTE_NOT_FOUND', 404);
    return (await this.routeViews([row]))[0]!;
  }

  async addRoute(input: RouteInput): Promise<VoiceRouteView> {
    const row = await this.write(async () => {
      await this.checkRoute(input);
      const route = await this.repo.insertRoute(this.routeValues(input));
      await this.repo.setRouteTrunks(route.id, input.trunkIds);
      return route;
    });
    return (await this.routeViews([row]))[0]!;
  }

  async editRoute(input: RouteEdit): Promise<VoiceRouteView> {
    const row = await this.write(async () => {
      await this.checkRoute(input);
      const route = await this.repo.updateRoute(input.id, this.routeValues(input));
      if (!route) throw new AppError('VOICE_ROUTE_NOT_FOUND', 404);
      await this.repo.setRouteTrunks(route.id, input.trunkIds);
      return route;
    });
    return (await this.routeViews([row]))[0]!;
  }

  deleteRoutes(ids: string[]): Promise<number> {
    return this.write(async () => {
      const rows = await this.repo.routesByIds(ids);
      if (rows.length !== new Set(ids).size) throw new AppError('VOICE_ROUTE_NOT_FOUND', 404);
      return this.repo.deleteRoutes(ids);
    });
  }

  /** The route tester: the route and trunks a call would take (no passwords). */
  async testRoute(to: string, companyId: string): Promise<VoiceRouteTest> {
    if (!(await this.services.companies.find(companyId))) throw new AppError('COMPANY_NOT_FOUND', 404);
    const { route, parsed, targets } = await this.decide(to, companyId);
    return {
      routeId: route.id,
      routeName: route.name,
      number: parsed.digits,
      countryCode: parsed.countryCode,
      trunks: targets.map((t) => ({
        trunkId: t.trunkId,
        name: t.name,
        host: t.host,
        port: t.port,
        transport: t.transport,
      })),
    };
  }

  // --- live state ---

  /** The live state of every trunk (disabled ones included). */
  async states(now = new Date()): Promise<TrunkStateView[]> {
    const [rows, states, callsUp] = await Promise.all([
      this.repo.allTrunks(),
      this.repo.states(),
      this.repo.callsUp(),
    ]);
    return rows.map((row) =>
      trunkStateOf(
        row,
        states.find((s) => s.trunkId === row.id),
        callsUp.get(row.id) ?? 0,
        now,
      ),
    );
  }

  async stateOf(trunkId: string, now = new Date()): Promise<TrunkStateView | undefined> {
    const row = await this.repo.trunk(trunkId);
    if (!row) return undefined;
    const callsUp = (await this.repo.callsUp(trunkId)).get(trunkId) ?? 0;
    return trunkStateOf(row, await this.repo.stateOf(trunkId), callsUp, now);
  }

  // --- for the monitor ---

  allTrunks(): Promise<TrunkRow[]> {
    return this.repo.allTrunks();
  }

  /** Takes or renews the monitoring lease of a trunk; whether this owner holds it. */
  claim(trunkId: string, owner: string, now = new Date()): Promise<boolean> {
    return this.repo.claim(trunkId, owner, now, new Date(now.getTime() - TRUNK_STATE_STALE_MS));
  }

  release(trunkId: string, owner: string): Promise<void> {
    return this.repo.release(trunkId, owner);
  }

  /**
   * Records a check of a trunk this owner monitors: the state (its `since` kept while it does not
   * change), pushed to staff; the run of failed checks, and the operators told as the gateway
   * notify settings say (trunkNoticeOf): a trunk down after that many failed checks in a row
   * (urgent), back when a check answers after that, in both languages, to the roles chosen.
   */
  async recordCheck(trunkId: string, owner: string, check: TrunkCheck, now = new Date()): Promise<void> {
    const settings = await this.notifySettings.get();
    await withTransaction(
      this.db,
      async () => {
        const [before, trunk] = await Promise.all([this.repo.stateOf(trunkId), this.repo.trunk(trunkId)]);
        if (!before || before.owner !== owner || !trunk) return;
        const changed = before.state !== check.state;
        const since = changed ? now : before.since;
        const run = trunkNoticeOf(before, check.state === 'unreachable', settings.downAfterChecks);
        await this.repo.putState(trunkId, owner, {
          state: check.state,
          lastError: check.error?.slice(0, 500) ?? (check.state === 'unreachable' ? before.lastError : null),
          since,
          checkedAt: now,
          seenAt: now,
          fails: run.fails,
          outage: run.outage,
        });
        if (run.notice === 'down' && settings.down) await this.notify(trunk, 'down', check, since, settings);
        if (run.notice === 'up' && settings.up) await this.notify(trunk, 'up', check, since, settings);
      },
      this.platform.log,
    );
    this.routing.clear();
    await this.publish(trunkId);
  }

  /** A trunk's state to staff (realtime). */
  async publish(trunkId: string): Promise<void> {
    const state = await this.stateOf(trunkId);
    if (!state) return;
    await this.platform.realtime.publish(
      { kind: 'roles', roleCodes: ['admin'] },
      { cmd: 'topic', msgId: TRUNK_STATE_MESSAGE, msgTxt: JSON.stringify(state) },
    );
  }

  private async notify(
    trunk: TrunkRow,
    how: 'down' | 'up',
    check: TrunkCheck,
    since: Date,
    settings: GatewayNotifySettings,
  ): Promise<void> {
    const values = {
      name: trunk.name,
      host: `${trunk.host}:${trunk.port}`,
      since: since.toISOString().replace('T', ' ').slice(0, 19),
      error: check.error ?? '-',
    };
    // A trunk going down is an operator's alarm (pops up); coming back is a routine notice.
    await this.services.announcements.publishNotice(
      null,
      { roleCodes: settings.roleCodes },
      how === 'down'
        ? { title: 'TRUNK_DOWN_TITLE', text: 'TRUNK_DOWN_TEXT', params: values, urgent: true }
        : { title: 'TRUNK_UP_TITLE', text: 'TRUNK_UP_TEXT', params: values },
    );
  }

  // --- demo ---

  /** The demo trunk (to the carrier simulator) and a route of every number to it; idempotent. */
  async seedDemo(demo: { trunkId: string; routeId: string; name: string; host: string; port: number }) {
    await withTransaction(this.db, async () => {
      if (!(await this.repo.trunk(demo.trunkId))) {
        const taken = (await this.repo.allTrunks()).some((t) => t.name.toLowerCase() === demo.name);
        if (taken) return;
        await this.repo.insertTrunkIfMissing({
          id: demo.trunkId,
          name: demo.name,
          host: demo.host,
          port: demo.port,
          transport: 'udp',
          authMode: 'ip',
          remark: 'The carrier simulator (npm start runs it)',
        });
      }
      if (!(await this.repo.route(demo.routeId))) {
        await this.repo.insertRoute({ id: demo.routeId, name: 'demo-all-numbers', sortOrder: 1000 });
        await this.repo.setRouteTrunks(demo.routeId, [demo.trunkId]);
      }
    });
  }
}

/**
 * A trunk's state: disabled; else the monitor's last finding while its row is fresh (unknown when
 * none is, e.g. no worker monitors it); `callsUp`: the live calls on it in every process.
 */
export function trunkStateOf(
  row: TrunkRow,
  state: TrunkStateRow | undefined,
  callsUp: number,
  now: Date,
): TrunkStateView {
  const fresh = (at: Date) => now.getTime() - at.getTime() < TRUNK_STATE_STALE_MS;
  const base = { trunkId: row.id, callsUp, maxCalls: row.maxCalls };
  if (!row.enabled)
    return { ...base, state: 'disabled', lastError: null, since: row.updatedAt, checkedAt: null };
  if (!state || !fresh(state.seenAt))
    return {
      ...base,
      state: 'unknown',
      lastError: state?.lastError ?? null,
      since: null,
      checkedAt: state?.checkedAt ?? null,
    };
  return {
    ...base,
    state: state.state as TrunkLiveState,
    lastError: UP_STATES.has(state.state) ? null : state.lastError,
    since: state.since,
    checkedAt: state.checkedAt,
  };
}
