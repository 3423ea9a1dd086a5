import type { TrunkOption } from '@switchboard/contracts';
import { type Db, withTransaction } from '../../platform/db';
import type { Platform, Services } from '../../platform/module';
import { TrunkCalls } from './calls';
import { GatewayNotifyStore } from './notify';
import { TrunkRepo } from './repo';
import { TrunkRouting, type TrunkTarget } from './routing';
import { SipAccounts } from './sip-accounts';
import { TrunkAdmin } from './trunk-admin';
import { TrunkStates } from './trunk-state';
import { VoiceRoutes } from './voice-routes';
import { TRUNKS_CHANGED, trunkWriter } from './writes';

export type { SipAccountView } from './sip-accounts';
export type { TrunkView } from './trunk-admin';
export type { VoiceRouteView } from './voice-routes';

/**
 * The trunk module's service, its parts put together: the SIP accounts (`sipAccounts`), trunks
 * (`admin`) and voice routes (`routes`) staff edit; the routing of a call (`routing`); the calls'
 * places on trunks (`calls`); the trunks' live state kept by the monitor (`live`) and who is told
 * of trunks going down and coming back (`notifySettings`). What other modules use is on the
 * service itself.
 */
export class TrunkService {
  private readonly repo: TrunkRepo;
  /** Who is told of trunks going down and coming back, and when (`/voip/gatewayNotify`). */
  readonly notifySettings: GatewayNotifyStore;
  readonly sipAccounts: SipAccounts;
  readonly admin: TrunkAdmin;
  readonly routes: VoiceRoutes;
  readonly routing: TrunkRouting;
  readonly calls: TrunkCalls;
  readonly live: TrunkStates;

  constructor(
    private readonly db: Db,
    services: Pick<Services, 'announcements' | 'apiAccess' | 'callers' | 'companies' | 'settings'>,
    platform: Platform,
  ) {
    this.repo = new TrunkRepo(db);
    this.notifySettings = new GatewayNotifyStore(services.settings);
    this.calls = new TrunkCalls(db);
    const clearRouting = () => this.routing.clear();
    this.live = new TrunkStates(
      db,
      this.repo,
      this.calls.repo,
      this.notifySettings,
      services.announcements,
      platform,
      clearRouting,
    );
    const write = trunkWriter(db, platform, clearRouting);
    this.sipAccounts = new SipAccounts(this.repo, write, () => services.apiAccess.secretBox());
    this.admin = new TrunkAdmin(this.repo, write, services.callers);
    this.routes = new VoiceRoutes(this.repo, write, services.companies);
    this.routing = new TrunkRouting(this.repo, this.sipAccounts, this.live, services);
    platform.caches.register(TRUNKS_CHANGED, clearRouting);
  }

  // --- the interface other modules use ---

  /** The trunks a call is tried on, in order (TrunkRouting.routeCall). */
  routeCall(to: string, companyId: string): Promise<TrunkTarget[]> {
    return this.routing.routeCall(to, companyId);
  }

  /** The caller ID a call shows on a trunk (TrunkRouting.callerIdFor). */
  callerIdFor(target: TrunkTarget, callerId: string, taskKey: string): Promise<string> {
    return this.routing.callerIdFor(target, callerId, taskKey);
  }

  /** One trunk as a target; undefined when there is none. */
  targetOf(trunkId: string): Promise<TrunkTarget | undefined> {
    return this.routing.targetOf(trunkId);
  }

  /** Takes a call's place on a trunk, for every process sharing the database (TrunkCalls.take). */
  takeCall(
    target: Pick<TrunkTarget, 'trunkId' | 'maxCalls' | 'cps'>,
    callId: string,
    leaseMs: number,
  ): Promise<{ waitMs: number } | undefined> {
    return this.calls.take(target, callId, leaseMs);
  }

  renewCalls(callIds: readonly string[], leaseMs: number): Promise<void> {
    return this.calls.renew(callIds, leaseMs);
  }

  endCall(callId: string): Promise<void> {
    return this.calls.end(callId);
  }

  /** Trunks for selects. */
  options(): Promise<TrunkOption[]> {
    return this.admin.options();
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
