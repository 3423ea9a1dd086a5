/**
 * A small in-process cache with a time to live. Used for data that changes rarely and is read on
 * every request (role grants, menu trees). Writers call clear() on their own process; other
 * processes see the change within the TTL.
 *
 * Requests that miss the same key at the same time share one load: when an entry runs out under
 * load, one query runs, not one per waiting request. A load that was under way when clear() was
 * called is not stored, and requests after clear() do not join it.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  /** `keep`: whether a loaded value is stored (e.g. not a miss, which anyone can ask for at will). */
  getOrLoad(key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return Promise.resolve(hit.value);
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
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { value, expires: now + this.ttlMs });
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
    this.entries.clear();
    this.loading.clear();
  }
}
