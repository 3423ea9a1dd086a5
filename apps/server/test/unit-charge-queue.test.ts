import { describe, expect, it } from 'vitest';
import { ChargeQueue, type Posting, type PostingOutcome } from '../src/modules/ledger/service';

/** A flush the test answers by hand: every call waits until the test settles it. */
function manualFlush() {
  const calls: { postings: Posting[]; settle: (fail?: Error) => void }[] = [];
  const flush = (postings: Posting[]) =>
    new Promise<PostingOutcome[]>((resolve, reject) => {
      calls.push({
        postings,
        settle: (fail) => {
          if (fail) reject(fail);
          else
            resolve(
              postings.map((p, i) => ({
                status: 'posted' as const,
                // What the queue handed over, so each caller can see its own postings came back.
                entry: { idempotencyKey: p.idempotencyKey, companyId: p.companyId, seq: i } as never,
              })),
            );
        },
      });
    });
  return { calls, flush };
}

const charge = (companyId: string, key: string): Posting => ({
  companyId,
  kind: 'charge',
  amount: -1n,
  idempotencyKey: key,
});
const commission = (companyId: string, key: string, requires: number): Posting => ({
  companyId,
  kind: 'commission',
  amount: 1n,
  idempotencyKey: key,
  requires,
});
const keysOf = (outcomes: PostingOutcome[]) =>
  outcomes.map((o) => (o.status === 'refused' ? o.reason : o.entry.idempotencyKey));

/** Lets every settled promise run its callbacks (no timers involved). */
const drain = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('ChargeQueue (group commit of charges with their commissions)', () => {
  it('sends at once while few batches are under way, then joins waiting groups in one batch, requires shifted', async () => {
    const { calls, flush } = manualFlush();
    const queue = new ChargeQueue(flush);
    // Four go alone at once (four batches may be under way).
    const first = [1, 2, 3, 4].map((n) => queue.submit([charge('c', `k${n}`)]));
    expect(calls).toHaveLength(4);
    // Two more groups wait, each a charge with its commission.
    const a = queue.submit([charge('c', 'a'), commission('agent', 'a', 0)]);
    const b = queue.submit([charge('c', 'b'), commission('agent', 'b', 0), commission('dist', 'b', 0)]);
    expect(calls).toHaveLength(4);
    calls[0]!.settle();
    await drain();
    expect(calls).toHaveLength(5);
    const joined = calls[4]!.postings;
    expect(joined.map((p) => [p.idempotencyKey, p.requires])).toEqual([
      ['a', undefined],
      ['a', 0],
      ['b', undefined],
      ['b', 2],
      ['b', 2],
    ]);
    calls[4]!.settle();
    // Each caller gets its own outcomes, in its own order.
    expect(keysOf(await a)).toEqual(['a', 'a']);
    expect(keysOf(await b)).toEqual(['b', 'b', 'b']);
    for (const call of calls.slice(1, 4)) call.settle();
    expect((await Promise.all(first)).map(keysOf)).toEqual([['k1'], ['k2'], ['k3'], ['k4']]);
  });

  it('never puts two groups with the same key in one batch', async () => {
    const { calls, flush } = manualFlush();
    const queue = new ChargeQueue(flush);
    const busy = [1, 2, 3, 4].map((n) => queue.submit([charge('c', `busy${n}`)]));
    const one = queue.submit([charge('c', 'same')]);
    const again = queue.submit([charge('c', 'same')]);
    const other = queue.submit([charge('d', 'same')]);
    calls[0]!.settle();
    await drain();
    // The repeated key waits for the next batch; the same key of another company may join.
    expect(calls[4]!.postings.map((p) => `${p.companyId}/${p.idempotencyKey}`)).toEqual(['c/same', 'd/same']);
    calls[4]!.settle();
    await drain();
    expect(calls[5]!.postings.map((p) => `${p.companyId}/${p.idempotencyKey}`)).toEqual(['c/same']);
    calls[5]!.settle();
    for (const call of calls.slice(1, 4)) call.settle();
    await Promise.all([...busy, one, again, other]);
  });

  it('never puts two groups naming the same sum in one batch (they would add up into one entry)', async () => {
    const { calls, flush } = manualFlush();
    const queue = new ChargeQueue(flush);
    const busy = [1, 2, 3, 4].map((n) => queue.submit([charge('c', `busy${n}`)]));
    const summed = (key: string): Posting => ({ ...charge('c', key), sum: { idempotencyKey: 'batch-1' } });
    const one = queue.submit([summed('m1'), summed('m2')]);
    const again = queue.submit([summed('m3')]);
    calls[0]!.settle();
    await drain();
    expect(calls[4]!.postings.map((p) => p.idempotencyKey)).toEqual(['m1', 'm2']);
    calls[4]!.settle();
    await drain();
    expect(calls[5]!.postings.map((p) => p.idempotencyKey)).toEqual(['m3']);
    calls[5]!.settle();
    for (const call of calls.slice(1, 4)) call.settle();
    await Promise.all([...busy, one, again]);
  });

  it('a batch that fails is tried again one group at a time: only the failing group sees the error', async () => {
    const calls: Posting[][] = [];
    const held: (() => void)[] = [];
    const queue = new ChargeQueue(async (postings) => {
      calls.push(postings);
      // The first four batches stay open until released, so the next groups queue and share one.
      if (calls.length <= 4) await new Promise<void>((resolve) => held.push(resolve));
      if (postings.some((p) => p.idempotencyKey === 'bad')) throw new Error('out of range');
      return postings.map((p) => ({
        status: 'posted' as const,
        entry: { idempotencyKey: p.idempotencyKey } as never,
      }));
    });
    const fill = [1, 2, 3, 4].map((n) => queue.submit([charge('c', `fill${n}`)]));
    const good1 = queue.submit([charge('c', 'good1'), commission('agent', 'good1', 0)]);
    const bad = queue.submit([charge('c', 'bad')]);
    const good2 = queue.submit([charge('c', 'good2')]);
    held.shift()!();
    const results = await Promise.allSettled([good1, bad, good2]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(keysOf((results[0] as PromiseFulfilledResult<PostingOutcome[]>).value)).toEqual([
      'good1',
      'good1',
    ]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('out of range');
    // The shared batch was tried once, then each group alone.
    const tried = calls.slice(4).map((postings) => postings.map((p) => p.idempotencyKey).join(','));
    expect(tried).toEqual(['good1,good1,bad,good2', 'good1,good1', 'bad', 'good2']);
    for (const resolve of held) resolve();
    await Promise.all(fill);
  });
});
