import os from 'node:os';
import type { Platform } from '../../platform/module';
import { TRUNKS_CHANGED, type TrunkCheck, type TrunkService, type TrunkTarget } from './service';

/**
 * The seam to the SIP engine (`@switchboard/voice`), wired by whoever builds the worker: checks
 * one trunk. With `authMode: 'register'` it keeps a registration up (REGISTER with the target's
 * digest credentials, refreshed before `auth.expiresS`) and answers `registered` while it holds,
 * else it sends OPTIONS and answers `reachable` on any response. Anything else is `unreachable`
 * with the reason (timeout, 403 on REGISTER, transport error).
 */
export interface TrunkProbe {
  check(target: TrunkTarget): Promise<TrunkCheck>;
  /** The trunk is no longer monitored here (disabled, deleted, changed, stopping): unregister. */
  forget?(trunkId: string): Promise<void>;
}

/** How often the monitor looks for trunks to take and renews its leases (and writes call loads). */
const TICK_MS = 5_000;

interface Watched {
  version: string;
  nextCheckAt: number;
}

/**
 * In each worker process: takes the monitoring lease of enabled trunks no live process holds
 * (one process checks a trunk at a time, so a registration is kept up once), checks each at its
 * OPTIONS interval through the probe, records the state (pushed to staff, operators told of a
 * trunk going down or coming back) and writes this process's calls up per trunk. Without a probe
 * (until the SIP engine is wired in) it keeps only the loads: the states stay `unknown`.
 */
export class TrunkMonitor {
  readonly owner = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly watched = new Map<string, Watched>();
  private readonly loadTrunks = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly trunks: TrunkService,
    private readonly platform: Platform,
    private readonly probe?: TrunkProbe,
    private readonly tickMs = TICK_MS,
  ) {}

  async start(): Promise<void> {
    this.platform.caches.register(TRUNKS_CHANGED, () => void this.checkNow());
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Checks every trunk this process monitors now, not at its interval (a settings change, tests). */
  checkNow(): Promise<void> {
    for (const w of this.watched.values()) w.nextCheckAt = 0;
    return this.tick();
  }

  /** One round (after any under way): leases, due checks, loads. */
  tick(): Promise<void> {
    this.ticking = this.ticking.then(
      () => this.round(),
      () => this.round(),
    );
    return this.ticking;
  }

  private async round(): Promise<void> {
    if (this.stopped) return;
    try {
      const now = new Date();
      const rows = await this.trunks.allTrunks();
      const enabled = new Map(rows.filter((r) => r.enabled).map((r) => [r.id, r]));
      for (const [id, watched] of [...this.watched]) {
        const row = enabled.get(id);
        if (!row || versionOf(row) !== watched.version) await this.drop(id, !row);
      }
      if (this.probe) {
        for (const row of enabled.values()) {
          if (!(await this.trunks.claim(row.id, this.owner, now))) {
            // Another process monitors it now: a registration kept here would be a second one.
            if (this.watched.delete(row.id)) await this.probe.forget?.(row.id).catch(() => {});
            continue;
          }
          let watched = this.watched.get(row.id);
          if (!watched) {
            watched = { version: versionOf(row), nextCheckAt: 0 };
            this.watched.set(row.id, watched);
          }
          if (watched.nextCheckAt <= now.getTime()) {
            watched.nextCheckAt = now.getTime() + row.optionsIntervalS * 1000;
            await this.check(row.id);
          }
        }
      }
      for (const row of rows) if (this.trunks.localCallsUp(row.id) > 0) this.loadTrunks.add(row.id);
      await this.trunks.writeLoads(this.owner, [...this.loadTrunks], now);
      for (const id of [...this.loadTrunks])
        if (this.trunks.localCallsUp(id) === 0) this.loadTrunks.delete(id);
    } catch (error) {
      this.platform.log.warn({ err: error }, 'trunk monitor round failed; trying again shortly');
    }
  }

  private async check(trunkId: string): Promise<void> {
    const target = await this.trunks.targetOf(trunkId);
    if (!target || !this.probe) return;
    let result: TrunkCheck;
    try {
      result = await this.probe.check(target);
    } catch (error) {
      result = { state: 'unreachable', error: error instanceof Error ? error.message : String(error) };
    }
    await this.trunks.recordCheck(trunkId, this.owner, result);
  }

  private async drop(trunkId: string, gone: boolean): Promise<void> {
    this.watched.delete(trunkId);
    await this.probe?.forget?.(trunkId).catch(() => {});
    if (gone) {
      await this.trunks.release(trunkId, this.owner).catch(() => {});
      await this.trunks.publish(trunkId).catch(() => {});
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking.catch(() => {});
    for (const id of [...this.watched.keys()]) {
      await this.probe?.forget?.(id).catch(() => {});
      await this.trunks.release(id, this.owner).catch(() => {});
    }
    this.watched.clear();
    await this.trunks.deleteLoads(this.owner).catch(() => {});
  }
}

/** What a check depends on: a change of it checks again at once (and re-registers). */
function versionOf(row: {
  host: string;
  port: number;
  transport: string;
  authMode: string;
  sipAccountId: string | null;
  optionsIntervalS: number;
  updatedAt: Date;
}): string {
  return JSON.stringify([
    row.host,
    row.port,
    row.transport,
    row.authMode,
    row.sipAccountId,
    row.optionsIntervalS,
    row.updatedAt.getTime(),
  ]);
}
