import { describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError } from '../src/platform/db-health';
import { GroupCommit } from '../src/platform/group-commit';

/** A write the test settles by hand: each call waits until the test answers it. */
function manualWrite<T>() {
  const calls: { items: T[]; settle: (fail?: (item: T) => boolean) => void }[] = [];
  const write = (items: T[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        items,
        settle: (fail) => {
          if (fail && items.some(fail)) reject(new Error(`failed: ${items.join(',')}`));
          else resolve(items.map((i) => `done ${i}`));
        },
      });
    });
  return { calls, write };
}

/** A pushed item's result, or its error's message. */
const settled = (p: Promise<string>) =>
  p.then(
    (v) => v,
    (e: Error) => e.message,
  );

/** Lets queued promise callbacks run. */
const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('writes at once when idle, then everything pushed meanwhile in one write; each pusher gets its own result', async () => {
    const { calls, write } = manualWrite<number>();
    const group = new GroupCommit<number, string>(write);
    const first = group.push(1);
    const rest = [group.push(2), group.push(3), group.push(4)];
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0]!.settle();
    expect(await first).toBe('done 1');
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.settle();
    expect(await Promise.all(rest)).toEqual(['done 2', 'done 3', 'done 4']);
    expect(group.size).toBe(0);
  });

  it('keeps each write within max by weight, and takes one item heavier than max alone', async () => {
    const { calls, write } = manualWrite<number>();
    const group = new GroupCommit<number, string>(write, { max: 10, weigh: (n) => n });
    const all = [group.push(1), group.push(4), group.push(5), group.push(2), group.push(30), group.push(3)];
    for (let i = 0; i < 5; i++) {
      await tick();
      calls[i]?.settle();
    }
    await Promise.all(all);
    expect(calls.map((c) => c.items)).toEqual([[1], [4, 5], [2], [30], [3]]);
  });

  it('never puts two items sharing a key in one write: the later one waits, others go ahead of it', async () => {
    const { calls, write } = manualWrite<string>();
    const group = new GroupCommit<string, string>(write, { keysOf: (item) => [item.split('/')[0]!] });
    const all = [
      group.push('x/1'),
      group.push('k/2'),
      group.push('k/3'),
      group.push('y/4'),
      group.push('k/5'),
    ];
    for (let i = 0; i < 4; i++) {
      await tick();
      calls[i]?.settle();
    }
    expect(await Promise.all(all)).toEqual(['done x/1', 'done k/2', 'done k/3', 'done y/4', 'done k/5']);
    expect(calls.map((c) => c.items)).toEqual([['x/1'], ['k/2', 'y/4'], ['k/3'], ['k/5']]);
  });

  it('a failed write rejects all of its items; with `alone`, each is tried again by itself', async () => {
    const plain = manualWrite<string>();
    const together = new GroupCommit<string, string>(plain.write);
    const p0 = together.push('a');
    const ps = [together.push('b'), together.push('bad'), together.push('c')].map(settled);
    plain.calls[0]!.settle();
    await p0;
    await tick();
    plain.calls[1]!.settle((i) => i === 'bad');
    expect(await Promise.all(ps)).toEqual(['failed: b,bad,c', 'failed: b,bad,c', 'failed: b,bad,c']);

    const own = manualWrite<string>();
    const alone = new GroupCommit<string, string>(own.write, { alone: true });
    const q0 = alone.push('a');
    const qs = [alone.push('b'), alone.push('bad'), alone.push('c')].map(settled);
    own.calls[0]!.settle();
    await q0;
    await tick();
    own.calls[1]!.settle((i) => i === 'bad');
    for (let i = 2; i < 5; i++) {
      await tick();
      own.calls[i]!.settle((item) => item === 'bad');
    }
    expect(await Promise.all(qs)).toEqual(['done b', 'failed: bad', 'done c']);
    expect(own.calls.map((c) => c.items)).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('with `retryAfterMs`, a write failing because the database is unreachable is written again until it is back', async () => {
    let failures = 5;
    const calls: string[][] = [];
    const group = new GroupCommit<string, string>(
      async (items) => {
        calls.push(items);
        if (failures-- > 0) throw new Error('write failed', { cause: new DatabaseUnavailableError() });
        return items.map((i) => `done ${i}`);
      },
      { retryAfterMs: 0 },
    );
    // An outage of five failed writes loses nothing (a submit's answer, a receipt).
    expect(await group.push('a')).toBe('done a');
    expect(calls).toEqual([['a'], ['a'], ['a'], ['a'], ['a'], ['a']]);
  });

  it('with `retryAfterMs`, a failed write is written once more, whole, before its items learn the error', async () => {
    const { calls, write } = manualWrite<string>();
    const group = new GroupCommit<string, string>(write, { retryAfterMs: 0 });
    const writes = (n: number) => vi.waitFor(() => expect(calls).toHaveLength(n));
    // A passing failure: the second write succeeds.
    const once = settled(group.push('a'));
    calls[0]!.settle(() => true);
    await writes(2);
    expect(calls[1]!.items).toEqual(['a']);
    calls[1]!.settle();
    expect(await once).toBe('done a');
    // A lasting one: rejected with the second write's error, not written a third time.
    const twice = [settled(group.push('b')), settled(group.push('c'))];
    await writes(3);
    calls[2]!.settle(() => true);
    await writes(4);
    calls[3]!.settle(() => true);
    expect(await Promise.all(twice)).toEqual(['failed: b,c', 'failed: b,c']);
    expect(calls.map((c) => c.items)).toEqual([['a'], ['a'], ['b', 'c'], ['b', 'c']]);

    // With `alone` too: whole once more, then item by item.
    const own = manualWrite<string>();
    const alone = new GroupCommit<string, string>(own.write, { alone: true, retryAfterMs: 0 });
    const first = settled(alone.push('x'));
    // Pushed while the first write is under way: written together next.
    const rest = [settled(alone.push('y')), settled(alone.push('bad'))];
    own.calls[0]!.settle();
    expect(await first).toBe('done x');
    await vi.waitFor(() => expect(own.calls).toHaveLength(2));
    own.calls[1]!.settle((i) => i === 'bad');
    await vi.waitFor(() => expect(own.calls).toHaveLength(3));
    own.calls[2]!.settle((i) => i === 'bad');
    for (let i = 3; i < 5; i++) {
      await vi.waitFor(() => expect(own.calls).toHaveLength(i + 1));
      own.calls[i]!.settle((item) => item === 'bad');
    }
    expect(await Promise.all(rest)).toEqual(['done y', 'failed: bad']);
    expect(own.calls.map((c) => c.items)).toEqual([['x'], ['y', 'bad'], ['y', 'bad'], ['y'], ['bad']]);
  });

  it('with `parallel`, starts that many writes at once, each with what waited when it started', async () => {
    const { calls, write } = manualWrite<number>();
    const group = new GroupCommit<number, string>(write, { parallel: 2 });
    const all = [group.push(1), group.push(2), group.push(3), group.push(4)];
    await tick();
    // 1 alone (idle), 2 at once beside it; 3 and 4 wait for a free write.
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[1]!.settle();
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4]]);
    expect(group.size).toBe(2);
    calls[0]!.settle();
    calls[2]!.settle();
    expect(await Promise.all(all)).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(group.size).toBe(0);
  });
});
