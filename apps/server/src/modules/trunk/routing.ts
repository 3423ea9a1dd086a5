import {
  applyCallerIdRule,
  type CallerIdRule,
  type TrunkAuthMode,
  type TrunkTransport,
  type VoiceCodec,
  type VoiceRouteTest,
} from '@switchboard/contracts';
import type { Peer } from '@switchboard/voice';
import { TtlCache } from '../../platform/cache';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { parseNumber } from '../rate';
import { decideVoiceRoute, type VoiceRouteRule } from './match';
import type { TrunkRepo, TrunkRow } from './repo';
import type { SipAccounts, SipCredentials } from './sip-accounts';
import type { TrunkStates } from './trunk-state';

/** How long routeCall keeps the routes and trunks it read (a change clears it at once, everywhere). */
const ROUTING_CACHE_MS = 5_000;

/** Where and how to place a call on one trunk: what the dialer (SIP engine) needs. */
export interface TrunkTarget {
  trunkId: string;
  name: string;
  host: string;
  port: number;
  transport: TrunkTransport;
  /** TLS: verify the carrier's certificate. */
  tlsVerify: boolean;
  authMode: TrunkAuthMode;
  codecs: VoiceCodec[];
  maxCalls: number;
  cps: number;
  /** Digest credentials (password opened), for REGISTER and for challenged INVITEs; null: none. */
  auth: SipCredentials | null;
  callerIdRule: CallerIdRule;
  callerGroupId: string | null;
  fixedCallerId: string | null;
  stripPrefix: string | null;
  optionsIntervalS: number;
}

/** Where a trunk is reached, as the SIP stack takes it (TLS with the trunk's certificate check). */
export function sipPeerOf(target: Pick<TrunkTarget, 'host' | 'port' | 'transport' | 'tlsVerify'>): Peer {
  return {
    host: target.host,
    port: target.port,
    transport: target.transport,
    ...(target.transport === 'tls' ? { verify: target.tlsVerify } : {}),
  };
}

/**
 * The routing of a call: the trunks a number of a company is tried on (the routes and trunks
 * read once per ROUTING_CACHE_MS, cleared by any change of them and by each recorded check), the
 * caller ID a trunk sends, and the route tester.
 */
export class TrunkRouting {
  private readonly cache = new TtlCache<{
    routes: VoiceRouteRule[];
    trunks: Map<string, TrunkRow>;
    down: Set<string>;
  }>(ROUTING_CACHE_MS, 1);

  constructor(
    private readonly repo: TrunkRepo,
    private readonly sipAccounts: SipAccounts,
    private readonly states: Pick<TrunkStates, 'down'>,
    private readonly services: Pick<Services, 'callers' | 'companies'>,
  ) {}

  /** Forgets the routes, trunks and states read (in this process). */
  clear(): void {
    this.cache.clear();
  }

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

  private async decide(to: string, companyId: string) {
    const parsed = parseNumber(to);
    if (!parsed) throw new AppError('VOICE_NUMBER_INVALID', 400);
    const { routes, trunks, down } = await this.cache.getOrLoad('all', () => this.load());
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

  private async load() {
    const [routeRows, links, trunkRows, down] = await Promise.all([
      this.repo.allRoutes(),
      this.repo.routeTrunks(),
      this.repo.allTrunks(),
      this.states.down(),
    ]);
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
      down,
    };
  }

  private async targetsOf(rows: TrunkRow[]): Promise<TrunkTarget[]> {
    const credentials = await this.sipAccounts.credentialsOf(
      rows.flatMap((r) => (r.sipAccountId ? [r.sipAccountId] : [])),
    );
    return rows.map((row) => ({
      trunkId: row.id,
      name: row.name,
      host: row.host,
      port: row.port,
      transport: row.transport,
      tlsVerify: row.tlsVerify,
      authMode: row.authMode,
      codecs: row.codecs,
      maxCalls: row.maxCalls,
      cps: row.cps,
      auth: (row.sipAccountId && credentials.get(row.sipAccountId)) || null,
      callerIdRule: row.callerIdRule,
      callerGroupId: row.callerGroupId,
      fixedCallerId: row.fixedCallerId,
      stripPrefix: row.stripPrefix,
      optionsIntervalS: row.optionsIntervalS,
    }));
  }
}
