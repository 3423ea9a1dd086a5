import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from './db-health';

/** What a loop reports besides a failed tick: a database outage, once as it begins and once as it ends. */
export interface PollLoopReports {
  /** A tick failed for another reason than the database being away. */
  failed(error: unknown): void;
  /**
   * The first tick that found the database away (the next ones are waited out silently); without
   * it, that first failure is reported as `failed`.
   */
  outage?(): void;
  /** The first tick that worked after an outage. */
  resumed?(): void;
}

/** The longest a loop waits between two tries while the database is unavailable. */
export const OUTAGE_BACKOFF_MAX_MS = 5_000;

/**
 * A worker's loop: runs `tick` again and again until stopped. A tick that answers `true` found
 * work and is run again at once; otherwise the loop waits `idleMs`. A failed tick is reported and
 * the loop goes on; while the database is unavailable the ticks fail alike, so that is reported
 * once (and its end once) and waited out with a back-off (doubling from `idleMs` up to
 * OUTAGE_BACKOFF_MAX_MS) instead of a line and a try per tick. `nudge()` ends the current wait at
 * once, or the one after the running tick (new work was made here).
 */
export class PollLoop {
  private running = false;
  private done: Promise<void> | undefined;
  private wake: AbortController | undefined;
  /** A nudge that came while a tick ran: the tick may have looked before the new work was made. */
  private nudged = false;

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly idleMs: number,
    private readonly reports: PollLoopReports,
  ) {}

  start() {
    if (this.running) return;
    this.running = true;
    this.done = (async () => {
      let outage = 0;
      while (this.running) {
        let busy = false;
        this.nudged = false;
        try {
          busy = (await this.tick()) === true;
          if (outage > 0) this.reports.resumed?.();
          outage = 0;
        } catch (error) {
          if (!isDatabaseUnavailable(error)) this.reports.failed(error);
          else if (outage++ === 0) {
            if (this.reports.outage) this.reports.outage();
            else this.reports.failed(error);
          }
        }
        if (!this.running) break;
        if ((busy || this.nudged) && outage === 0) continue;
        const wait = outage > 0 ? Math.min(this.idleMs * 2 ** outage, OUTAGE_BACKOFF_MAX_MS) : this.idleMs;
        this.wake = new AbortController();
        await sleep(wait, undefined, { signal: this.wake.signal }).catch(() => {});
      }
    })();
  }

  /** Ends the current wait, or the next one if a tick is running: the next tick runs now. */
  nudge() {
    this.nudged = true;
    this.wake?.abort();
  }

  /** Stops the loop and waits for the tick under way. */
  async stop() {
    this.running = false;
    this.wake?.abort();
    await this.done;
  }
}
