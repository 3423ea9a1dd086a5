import { CHUNK_LOAD_TIMEOUT_MS } from '@switchboard/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, withChunkTimeout } from './chunk-timeout';

afterEach(() => vi.useRealTimers());

describe('withChunkTimeout', () => {
  it('fails a chunk that has not arrived after 120 s, and not a moment before', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => {}));
    let outcome: unknown = 'pending';
    load().catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkTimeoutError);
  });

  it('passes on a chunk that arrives in time, and its loading errors as they are', async () => {
    vi.useFakeTimers();
    await expect(withChunkTimeout(async () => 'page')()).resolves.toBe('page');
    const broken = new TypeError('Failed to fetch dynamically imported module');
    await expect(withChunkTimeout(() => Promise.reject(broken))()).rejects.toBe(broken);
    // No timer is left behind to fire later.
    expect(vi.getTimerCount()).toBe(0);
  });
});
