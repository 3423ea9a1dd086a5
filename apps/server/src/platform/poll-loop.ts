import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A worker's loop: runs `tick` again and again, `idleMs` apart, until stopped; a failed tick is
 * reported and the loop goes on. `nudge()` ends the current wait at once (new work was made here).
 */
export class PollLoop {
  private running = false;
  private done: Promise<void> | undefined;
  private wake: AbortController | undefined;

  constructor(
    private readonly tick: () => Promise<void>,
    private readonly idleMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start() {
    if (this.running) return;
    this.running = true;
    this.done = (async () => {
      while (this.running) {
        try {
          await this.tick();
        } catch (error) {
          this.onError(error);
        }
        if (!this.running) break;
        this.wake = new AbortController();
        await sleep(this.idleMs, undefined, { signal: this.wake.signal }).catch(() => {});
      }
    })();
  }

  /** Ends the current wait: the next tick runs now. */
  nudge() {
    this.wake?.abort();
  }

  /** Stops the loop and waits for the tick under way. */
  async stop() {
    this.running = false;
    this.wake?.abort();
    await this.done;
  }
}
