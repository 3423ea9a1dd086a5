/**
 * A small in-process cache with a time to live. Used for data that changes rarely and is read on
 * every request (role grants, menu trees). Writers call clear() on their own process; other
 * processes see the change within the TTL.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.value;
    const value = await load();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
