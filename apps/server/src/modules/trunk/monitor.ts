import os from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Platform } from '../../platform/module';
import type { TrunkTarget } from './routing';
import type { TrunkService } from './service';
import type { TrunkCheck } from './trunk-state';
import { TRUNKS_CHANGED } from './writes';

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

/** How often the monitor looks for trunks to take and renews its leases. */
const TICK_MS = 5_000;
/**
 * Checks under way at once in a process: a silent trunk's OPTIONS takes 32 s (Timer F) to fail,
 * so the checks of a round run side by side (at most this many), and one silent trunk does not
 * hold up the others'.
 */
export const PROBE_CONCURRENCY = 16;

interface Watched {
  version: string;
  nextCheckAt: number;
}

/**
 * In each worker process: takes the monitoring lease of enabled trunks no live process holds
 * (one process checks a trunk at a time, so a registration is kept up once), checks each at its
 * OPTIONS interval through the probe (the due checks of a round at once, at most
 * PROBE_CONCURRENCY, each written as it ends), and records the state (pushed to staff, operators
 * told of a trunk going down or coming back). Without a probe it does nothing: the states stay
 * `unknown`.
 */
export class TrunkMonitor {
  readonly owner = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly watched = new Map<string, Watched>();
  private readonly limit: LimitFunction;
  /** Checks under way, by trunk: a round does not start another of the same trunk. */
  private readonly checking = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly trunks: TrunkService,
    private readonly platform: Platform,
    private readonly probe?: TrunkProbe,
    private readonly tickMs = TICK_MS,
    concurrency = PROBE_CONCURRENCY,
  ) {
    this.limit = pLimit(concurrency);
  }

  async start(): Promise<void> {
    this.platform.caches.register(TRUNKS_CHANGED, () => void this.checkNow());
    // The first round's leases, not its checks: a silent trunk does not hold up the worker's start.
    void this.tick();
    await this.ticking;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Checks every trunk this process monitors now, not at its interval (a settings change, tests). */
  checkNow(): Promise<void> {
    for (const w of this.watched.values()) w.nextCheckAt = 0;
    return this.tick();
  }

  /**
   * One round (after any under way): leases, then the due checks started side by side. Rounds
   * go on while checks are under way (a silent trunk holds up no round); the promise answers once
   * the checks under way at the end of the round have been written.
   */
  tick(): Promise<void> {
    const round = this.ticking.then(
      () => this.round(),
      () => this.round(),
    );
    this.ticking = round.then(
      () => undefined,
      () => undefined,
    );
    return round.then(async () => {
      await Promise.all(this.checking.values());
    });
  }

  private async round(): Promise<void> {
    if (this.stopped) return;
    try {
      const now = new Date();
      const rows = await this.trunks.live.allTrunks();
      const enabled = new Map(rows.filter((r) => r.enabled).map((r) => [r.id, r]));
      for (const [id, watched] of [...this.watched]) {
        const row = enabled.get(id);
        if (!row || versionOf(row) !== watched.version) await this.drop(id, !row);
      }
      const due: string[] = [];
      if (this.probe) {
        for (const row of enabled.values()) {
          if (!(await this.trunks.live.claim(row.id, this.owner, now))) {
            // Another process monitors it now: a registration kept here would be a second one.
            if (this.watched.delete(row.id)) await this.probe.forget?.(row.id).catch(() => {});
            continue;
          }
          let watched = this.watched.get(row.id);
          if (!watched) {
            watched = { version: versionOf(row), nextCheckAt: 0 };
            this.watched.set(row.id, watched);
          }
          if (watched.nextCheckAt <= now.getTime() && !this.checking.has(row.id)) {
            watched.nextCheckAt = now.getTime() + row.optionsIntervalS * 1000;
            due.push(row.id);
          }
        }
      }
      for (const id of due) {
        const check = this.limit(() => this.check(id))
          .catch((error: unknown) =>
            this.platform.log.warn({ err: error, trunkId: id }, 'trunk check failed'),
          )
          .finally(() => this.checking.delete(id));
        this.checking.set(id, check);
      }
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
    await this.trunks.live.recordCheck(trunkId, this.owner, result);
  }

  private async drop(trunkId: string, gone: boolean): Promise<void> {
    this.watched.delete(trunkId);
    await this.probe?.forget?.(trunkId).catch(() => {});
    if (gone) {
      await this.trunks.live.release(trunkId, this.owner).catch(() => {});
      await this.trunks.live.publish(trunkId).catch(() => {});
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking.catch(() => {});
    await Promise.all(this.checking.values());
    for (const id of [...this.watched.keys()]) {
      await this.probe?.forget?.(id).catch(() => {});
      await this.trunks.live.release(id, this.owner).catch(() => {});
    }
    this.watched.clear();
  }
}

/** What a check depends on: a change of it checks again at once (and re-registers). */
function versionOf(row: {
  host: string;
  port: number;
  transport: string;
  tlsVerify: boolean;
  authMode: string;
  sipAccountId: string | null;
  optionsIntervalS: number;
  updatedAt: Date;
}): string {
  return JSON.stringify([
    row.host,
    row.port,
    row.transport,
    row.tlsVerify,
    row.authMode,
    row.sipAccountId,
    row.optionsIntervalS,
    row.updatedAt.getTime(),
  ]);
}
