import { describe, expect, it } from 'vitest';
import { callFiguresOf, EMPTY_CALLS, minutesOf, sumCalls } from '../src/modules/call-task/stats-rules';
import { trunkNoticeOf } from '../src/modules/trunk';
import { dailySeries } from '../src/platform/daily-stats';

/** The call statistics' figures (stats-rules.ts) and the gateway notify rule of a trunk check (trunk/notify.ts). */

const raw = (over: Partial<typeof EMPTY_CALLS>) => ({ ...EMPTY_CALLS, ...over });

describe('call figures', () => {
  it('rates answers over every attempt and talk over the answered calls; no calls, no rates', () => {
    const f = callFiguresOf(raw({ calls: 3, answered: 2, busy: 1, talkMs: 45_001, due: 1 }), false);
    expect(f).toMatchObject({
      calls: 3,
      answered: 2,
      answerRate: 2 / 3,
      talkS: 45.001,
      avgTalkS: 22.501,
      uncharged: 1,
    });
    expect(callFiguresOf(EMPTY_CALLS, true)).toMatchObject({
      answerRate: null,
      avgTalkS: null,
      revenue: 0n,
      margin: 0n,
    });
  });

  it('gives cost and margin to staff only, exactly in micro-units', () => {
    const r = raw({ calls: 1, answered: 1, revenue: 860_001n, cost: 250_000n });
    expect(callFiguresOf(r, true)).toMatchObject({ revenue: 860_001n, cost: 250_000n, margin: 610_001n });
    expect(callFiguresOf(r, false)).toMatchObject({ revenue: 860_001n, cost: null, margin: null });
  });

  it('adds groups up and fills every day of a period', () => {
    const total = sumCalls([
      raw({ calls: 2, revenue: 1n, billedS: 6 }),
      raw({ calls: 3, revenue: 2n, billedS: 60 }),
    ]);
    expect(total).toMatchObject({ calls: 5, revenue: 3n, billedS: 66 });
    const days = dailySeries(
      [{ ...raw({ calls: 4 }), key: '2026-02-28' }],
      { from: '2026-02-27', to: '2026-03-01' },
      EMPTY_CALLS,
    );
    expect(days.map((d) => [d.key, d.calls])).toEqual([
      ['2026-02-27', 0],
      ['2026-02-28', 4],
      ['2026-03-01', 0],
    ]);
    expect(() => dailySeries([], { from: '2025-01-01', to: '2026-12-31' }, EMPTY_CALLS)).toThrow(RangeError);
  });

  it('writes talk minutes to two decimals', () => {
    expect(minutesOf(90_000)).toBe(1.5);
    expect(minutesOf(1_000)).toBe(0.02);
    expect(minutesOf(0)).toBe(0);
  });
});

describe('gateway notify: a trunk check', () => {
  const ok = { fails: 0, outage: false };
  it('tells a trunk down once, at the check that reaches the threshold, and back when it answers', () => {
    let run = trunkNoticeOf(ok, true, 3);
    expect(run).toEqual({ fails: 1, outage: false, notice: null });
    run = trunkNoticeOf(run, true, 3);
    expect(run.notice).toBeNull();
    run = trunkNoticeOf(run, true, 3);
    expect(run).toEqual({ fails: 3, outage: true, notice: 'down' });
    run = trunkNoticeOf(run, true, 3);
    expect(run).toEqual({ fails: 4, outage: true, notice: null });
    expect(trunkNoticeOf(run, false, 3)).toEqual({ fails: 0, outage: false, notice: 'up' });
  });

  it('tells neither down nor back a trunk that failed fewer checks than the threshold', () => {
    const run = trunkNoticeOf(trunkNoticeOf(ok, true, 3), true, 3);
    expect(trunkNoticeOf(run, false, 3)).toEqual({ fails: 0, outage: false, notice: null });
    expect(trunkNoticeOf(ok, true, 1)).toEqual({ fails: 1, outage: true, notice: 'down' });
  });
});
