import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from './db-health';

/** The wait before a failed background write (receipts, submit answers) is written again. */
export const WRITE_RETRY_MS = 100;

/**
 * A write that fails because the database is unreachable is tried again (the wait growing to 2 s)
 * for this long before its items learn the error: an outage of a minute loses no answer.
 */
export const OUTAGE_PATIENCE_MS = 60_000;

export interface GroupCommitOptions<T> {
  /** At most this much in one write (by `weigh`, one per item by default). */
  max?: number;
  /** An item's share of `max` (an acceptance weighs its recipients). At least one item per write. */
  weigh?: (item: T) => number;
  /**
   * A write of several items that fails is tried again item by item, so each item learns its
   * own outcome (one bad item does not fail the others). For writes that leave nothing behind
   * when they fail (one transaction).
   */
  alone?: boolean;
  /**
   * A write that fails is written once more, whole, after this wait, before its items learn the
   * error (or, with `alone`, are tried one by one): a passing failure (a deadlock, a connection
   * lost and made again) loses nothing. While the database is unreachable it is tried again for
   * up to OUTAGE_PATIENCE_MS. For writes that leave nothing behind when they fail and
   * may simply run again.
   */
  retryAfterMs?: number;
  /**
   * Writes under way at once (default 1). More overlap one write's round trips with another's;
   * for writes whose order does not matter and that lock in one order (no deadlock between them).
   */
  parallel?: number;
  /**
   * Items sharing a key never go in one write: a later item may go ahead of one that waits for
   * the next write (a ledger key charged twice must replay the first charge, not race it).
   */
  keysOf?: (item: T) => string[];
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items pushed while a write is under way go together in the next one, so many
 * small writes (a receipt, a submit's answer, a single-message acceptance) become few
 * transactions. An idle system writes at once; each pusher learns the outcome of the write its
 * item was in — its own result when the write answers one per item.
 */
export class GroupCommit<T, R = void> {
  private waiting: Waiting<T, R>[] = [];
  private running = 0;
  private readonly max: number;
  private readonly parallel: number;
  private readonly weigh: (item: T) => number;

  constructor(
    /** Answers one result per item (R = void: nothing). */
    private readonly write: (items: T[]) => Promise<unknown>,
    private readonly options: GroupCommitOptions<T> = {},
  ) {
    this.max = options.max ?? 2_000;
    this.weigh = options.weigh ?? (() => 1);
    this.parallel = options.parallel ?? 1;
  }

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.kick();
    });
  }

  /** Items waiting or being written. */
  get size(): number {
    return this.waiting.length + this.running;
  }

  /**
   * The next write's items: in arrival order, up to `max` by weight (at least one), leaving for
   * the next write those whose keys one taken already has.
   */
  private take(): Waiting<T, R>[] {
    const taken: Waiting<T, R>[] = [];
    const rest: Waiting<T, R>[] = [];
    const keys = new Set<string>();
    let weight = 0;
    let full = false;
    for (const waiting of this.waiting) {
      if (full) {
        rest.push(waiting);
        continue;
      }
      const itemWeight = this.weigh(waiting.item);
      if (taken.length > 0 && weight + itemWeight > this.max) {
        full = true;
        rest.push(waiting);
        continue;
      }
      const itemKeys = this.options.keysOf?.(waiting.item) ?? [];
      if (itemKeys.some((key) => keys.has(key))) {
        rest.push(waiting);
        continue;
      }
      for (const key of itemKeys) keys.add(key);
      weight += itemWeight;
      taken.push(waiting);
    }
    this.waiting = rest;
    return taken;
  }

  /** Writes the items together; each learns its result. */
  private async writeAll(batch: Waiting<T, R>[]): Promise<void> {
    const results = (await this.write(batch.map((b) => b.item))) as R[] | undefined;
    for (const [i, b] of batch.entries()) b.resolve(results?.[i] as R);
  }

  private async run(batch: Waiting<T, R>[]): Promise<void> {
    let failure: unknown;
    try {
      const results = (await this.write(batch.map((b) => b.item))) as R[] | undefined;
      for (const [i, b] of batch.entries()) b.resolve(results?.[i] as R);
      return;
    } catch (error) {
      failure = error;
    }
    const { retryAfterMs } = this.options;
    if (retryAfterMs !== undefined) {
      const since = performance.now();
      for (let wait = retryAfterMs; ; wait = Math.min(wait * 2, 2_000)) {
        await sleep(wait);
        try {
          await this.writeAll(batch);
          return;
        } catch (again) {
          failure = again;
        }
        if (!isDatabaseUnavailable(failure) || performance.now() - since > OUTAGE_PATIENCE_MS) break;
      }
    }
    if (this.options.alone && batch.length > 1) {
      for (const b of batch) await this.writeAll([b]).catch((own: unknown) => b.reject(own));
      return;
    }
    for (const b of batch) b.reject(failure);
  }

  private kick(): void {
    if (this.running >= this.parallel || this.waiting.length === 0) return;
    this.running++;
    void this.run(this.take()).finally(() => {
      this.running--;
      this.kick();
    });
  }
}
