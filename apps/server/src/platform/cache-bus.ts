import { randomUUID } from 'node:crypto';
import { afterCommit } from './db';
import type { Logger } from './logger';
import type { PubSub } from './pubsub';

/**
 * Clears in-process caches in every server process. A module registers each cache it keeps under
 * a name (`rates`, `permissions`); whoever changes the data behind it calls `changed(name)` once
 * the change is committed: this process clears at once, the others when the pub/sub message
 * arrives (milliseconds), and the caches' own time to live bounds the staleness if a message is
 * lost (a broker restart). With the embedded database there is one process and no message.
 */
export class CacheBus {
  private readonly clearers = new Map<string, (() => void)[]>();
  /** Tells this process's own messages apart (it has cleared already). */
  private readonly origin = randomUUID();
  private started = false;

  constructor(
    private readonly pubsub: PubSub,
    private readonly channel: string,
    private readonly log?: Logger,
  ) {}

  /** `clear` runs whenever `name` changes, here or in another process. */
  register(name: string, clear: () => void) {
    const list = this.clearers.get(name);
    if (list) list.push(clear);
    else this.clearers.set(name, [clear]);
  }

  async start() {
    if (this.started) return;
    this.started = true;
    await this.pubsub.subscribe(this.channel, (raw) => {
      let message: { origin?: unknown; name?: unknown };
      try {
        message = JSON.parse(raw) as typeof message;
      } catch {
        return;
      }
      if (message.origin === this.origin || typeof message.name !== 'string') return;
      this.clearHere(message.name);
    });
  }

  /** The data behind `name` changed (and is committed): clear it here now, and everywhere else. */
  async changed(name: string): Promise<void> {
    this.clearHere(name);
    try {
      await this.pubsub.publish(this.channel, JSON.stringify({ origin: this.origin, name }));
    } catch (error) {
      // Other processes still catch up when their entries expire.
      this.log?.warn({ err: error, cache: name }, 'cache change not published');
    }
  }

  /**
   * Messages may have been lost (the broker's database was down): everything registered is
   * cleared here, as if each name had changed (caches reload, schedules and binds sync again).
   */
  clearAll(): void {
    for (const name of this.clearers.keys()) this.clearHere(name);
  }

  private clearHere(name: string) {
    for (const clear of this.clearers.get(name) ?? []) clear();
  }
}

/**
 * What a writer calls after changing the data behind a cache: once the current transaction has
 * committed (at once outside one), `name` is cleared here and in every other process; without a
 * bus (a service built on its own), `clearHere` clears this process's copy.
 */
export function clearOnCommit(
  caches: CacheBus | undefined,
  name: string,
  clearHere: () => void,
): Promise<void> {
  return afterCommit(() => {
    if (caches) void caches.changed(name);
    else clearHere();
  });
}
