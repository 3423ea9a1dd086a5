import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/platform/cache';

/** A promise and the functions that settle it: the test decides when a load finishes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  it('does not store a value its caller says not to keep (a miss), and loads it again', async () => {
    const cache = new TtlCache<string | undefined>(60_000);
    let loads = 0;
    const miss = async () => {
      loads++;
      return undefined;
    };
    const keep = (value: string | undefined) => value !== undefined;
    expect(await cache.getOrLoad('k', miss, keep)).toBeUndefined();
    expect(await cache.getOrLoad('k', miss, keep)).toBeUndefined();
    expect(loads).toBe(2);
    expect(await cache.getOrLoad('k', async () => 'v', keep)).toBe('v');
    expect(await cache.getOrLoad('k', miss, keep)).toBe('v');
    expect(loads).toBe(2);
  });

  it('lets requests that miss the same key at once share one load, then serves the stored value', async () => {
    const cache = new TtlCache<string>(60_000);
    const load = deferred<string>();
    let loads = 0;
    const loader = () => {
      loads++;
      return load.promise;
    };
    const waiting = Array.from({ length: 20 }, () => cache.getOrLoad('k', loader));
    load.resolve('v');
    expect(await Promise.all(waiting)).toEqual(Array(20).fill('v'));
    expect(await cache.getOrLoad('k', loader)).toBe('v');
    expect(loads).toBe(1);
    // Other keys load on their own.
    expect(await cache.getOrLoad('other', async () => 'w')).toBe('w');
  });

  it('neither stores nor shares a load that clear() overtook', async () => {
    const cache = new TtlCache<string>(60_000);
    const stale = deferred<string>();
    const before = cache.getOrLoad('k', () => stale.promise);
    cache.clear();
    const after = cache.getOrLoad('k', async () => 'fresh');
    stale.resolve('stale');
    expect(await before).toBe('stale');
    expect(await after).toBe('fresh');
    expect(await cache.getOrLoad('k', async () => 'again')).toBe('fresh');
  });

  it('forgets a failed load: the next request loads again', async () => {
    const cache = new TtlCache<string>(60_000);
    const failing = deferred<string>();
    const first = cache.getOrLoad('k', () => failing.promise);
    const joined = cache.getOrLoad('k', async () => 'unused');
    failing.reject(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    await expect(joined).rejects.toThrow('database away');
    expect(await cache.getOrLoad('k', async () => 'back')).toBe('back');
    // A loader that throws before returning a promise is a rejection too.
    await expect(
      cache.getOrLoad('sync', () => {
        throw new Error('bad key');
      }),
    ).rejects.toThrow('bad key');
  });

  it('past its size drops the least recently used entry', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await cache.getOrLoad('a', async () => 'a1');
    await cache.getOrLoad('b', async () => 'b1');
    expect(await cache.getOrLoad('a', async () => 'a2')).toBe('a1');
    await cache.getOrLoad('c', async () => 'c1');
    expect(await cache.getOrLoad('a', async () => 'a3')).toBe('a1');
    expect(await cache.getOrLoad('b', async () => 'b2')).toBe('b2');
  });

  it('loads again once an entry has run out', async () => {
    const cache = new TtlCache<number>(0);
    let loads = 0;
    expect(await cache.getOrLoad('k', async () => ++loads)).toBe(1);
    expect(await cache.getOrLoad('k', async () => ++loads)).toBe(2);
  });
});
