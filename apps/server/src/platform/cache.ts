import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache with a time to live. Used for data that changes rarely and is read on
 * every request (role grants, menu trees). Writers call clear() on their own process; other
 * processes see the change within the TTL.
 *
 * Requests that miss the same key at the same time share one load: when an entry runs out under
 * load, one query runs, not one per waiting request. A load that was under way when clear() was
 * called is not stored, and requests after clear() do not join it.
 *
 * The stored entries are an `lru-cache` with a time to live and a maximum size (the least
 * recently used goes first); what this class adds is the shared load and the clear() rule.
 */
export class TtlCache<V> {
  /** Values are boxed: lru-cache stores no undefined, and a miss may be a value here. */
  private readonly entries: LRUCache<string, { value: V }> | undefined;
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  /** `ttlMs` 0: nothing is stored (every request loads, joining one already under way). */
  constructor(ttlMs: number, maxEntries = 1_000) {
    // Bounded by a size of one per entry rather than `max`: with `max`, lru-cache allocates its
    // whole storage up front (eight arrays of `max` slots: 200,000 slots over a server's caches,
    // a tenth of a test server's start); by size it grows with what is stored.
    // Times by Date.now(), as before (tests that stand the clock still fake Date only).
    this.entries =
      ttlMs > 0
        ? new LRUCache({ maxSize: maxEntries, sizeCalculation: () => 1, ttl: ttlMs, perf: Date })
        : undefined;
  }

  /** `keep`: whether a loaded value is stored (e.g. not a miss, which anyone can ask for at will). */
  getOrLoad(key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V> {
    const hit = this.entries?.get(key);
    if (hit) return Promise.resolve(hit.value);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    let started: Promise<V>;
    try {
      started = load();
    } catch (error) {
      started = Promise.reject(error);
    }
    const loaded = started.then(
      (value) => {
        if (generation === this.generation) {
          this.loading.delete(key);
          if (keep && !keep(value)) return value;
          this.entries?.set(key, { value });
        }
        return value;
      },
      (error: unknown) => {
        if (generation === this.generation) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, loaded);
    return loaded;
  }

  clear() {
    this.generation++;
    this.entries?.clear();
    this.loading.clear();
  }
}
