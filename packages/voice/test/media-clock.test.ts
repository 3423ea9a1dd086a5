import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaClock } from '../src';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('MediaClock', () => {
  it('ticks 500 times in 10 s on its absolute grid', () => {
    const clock = new MediaClock({ slots: 1 });
    let ticks = 0;
    const off = clock.subscribe(() => ticks++);
    vi.advanceTimersByTime(10_000);
    expect(ticks).toBe(500);
    off();
    vi.advanceTimersByTime(1_000);
    expect(ticks).toBe(500);
  });

  it('spreads streams over phase slots 5 ms apart (4 slots)', () => {
    const clock = new MediaClock({ slots: 4 });
    const at: number[][] = [[], [], [], []];
    const start = performance.now();
    at.forEach((list, i) => {
      clock.subscribe(() => list.push(Math.round(performance.now() - start) - i * 5));
    });
    vi.advanceTimersByTime(100);
    for (const list of at) expect(list).toEqual([20, 40, 60, 80, 100].slice(0, list.length));
    expect(at[0]).toHaveLength(5);
    expect(at[3]).toHaveLength(4); // the fourth slot's fifth tick is due at 115 ms
  });

  it('catches up missed ticks after a stall, two a firing, counted late, and skips beyond the catch-up limit', () => {
    let stall = 0;
    const clock = new MediaClock({ slots: 1, maxCatchUp: 10, now: () => performance.now() + stall });
    let ticks = 0;
    clock.subscribe(() => ticks++);
    vi.advanceTimersByTime(100);
    expect(ticks).toBe(5);
    // The event loop stalls 90 ms before the tick due at 120 ms: it fires at 210 and runs the ticks
    // due at 120 and 140; the next firings (at once, after I/O) 160 and 180, then 200. All but the
    // last are more than a period late.
    stall = 90;
    vi.advanceTimersToNextTimer();
    expect(ticks).toBe(7);
    vi.advanceTimersToNextTimer();
    expect(ticks).toBe(9);
    vi.advanceTimersToNextTimer();
    expect(ticks).toBe(10);
    expect(clock.stats.lateTicks).toBe(4);
    expect(clock.stats.skippedTicks).toBe(0);
    vi.advanceTimersByTime(10); // back on the grid: 220 ms (a catching-up firing waits 1 ms: setTimeout 0)
    expect(ticks).toBe(11);
    // A stall of a second: only the last 10 ticks run (two a firing), the other 40 are skipped.
    stall += 1_000;
    vi.advanceTimersByTime(25);
    expect(clock.stats.skippedTicks).toBe(41);
    expect(ticks).toBe(11 + 10);
  });
});
