import { VOICE_STATS_MAX_DAYS } from '@switchboard/contracts';
import { eachDay } from '../sms-stats';
import type { RawCallFigures } from './stats-repo';

/**
 * The call statistics' pure rules: the figures a row shows from its stored counters, totals and
 * the daily series (the periods are the SMS statistics' rules: UTC days). No I/O: unit-tested.
 */

export interface CallFigures {
  calls: number;
  answered: number;
  busy: number;
  noAnswer: number;
  rejected: number;
  invalidNumber: number;
  failed: number;
  answerRate: number | null;
  talkS: number;
  avgTalkS: number | null;
  billedS: number;
  uncharged: number;
  revenue: bigint;
  cost: bigint | null;
  margin: bigint | null;
}

export const EMPTY_CALLS: Omit<RawCallFigures, 'key'> = {
  calls: 0,
  answered: 0,
  busy: 0,
  noAnswer: 0,
  rejected: 0,
  invalidNumber: 0,
  failed: 0,
  talkMs: 0,
  due: 0,
  billedS: 0,
  revenue: 0n,
  cost: 0n,
};

/**
 * What a row shows: the answer rate over every call attempt, the average talk time over the
 * answered calls (seconds, to the millisecond), the answered calls still to charge; cost and
 * margin (revenue − cost) for staff only.
 */
export function callFiguresOf(raw: Omit<RawCallFigures, 'key'>, staff: boolean): CallFigures {
  return {
    calls: raw.calls,
    answered: raw.answered,
    busy: raw.busy,
    noAnswer: raw.noAnswer,
    rejected: raw.rejected,
    invalidNumber: raw.invalidNumber,
    failed: raw.failed,
    answerRate: raw.calls > 0 ? raw.answered / raw.calls : null,
    talkS: raw.talkMs / 1000,
    avgTalkS: raw.answered > 0 ? Math.round(raw.talkMs / raw.answered) / 1000 : null,
    billedS: raw.billedS,
    uncharged: raw.due,
    revenue: raw.revenue,
    cost: staff ? raw.cost : null,
    margin: staff ? raw.revenue - raw.cost : null,
  };
}

/** The counters of several groups added up (money exactly, in micro-units). */
export function sumCalls(rows: readonly Omit<RawCallFigures, 'key'>[]): Omit<RawCallFigures, 'key'> {
  const out = { ...EMPTY_CALLS };
  for (const r of rows) {
    out.calls += r.calls;
    out.answered += r.answered;
    out.busy += r.busy;
    out.noAnswer += r.noAnswer;
    out.rejected += r.rejected;
    out.invalidNumber += r.invalidNumber;
    out.failed += r.failed;
    out.talkMs += r.talkMs;
    out.due += r.due;
    out.billedS += r.billedS;
    out.revenue += r.revenue;
    out.cost += r.cost;
  }
  return out;
}

/** Every day from `from` to `to` (both included), each with its row's counters (zero for a day without calls). */
export function dailyCalls(rows: readonly RawCallFigures[], from: string, to: string): RawCallFigures[] {
  const byDay = new Map(rows.map((r) => [r.key, r]));
  return eachDay(from, to, VOICE_STATS_MAX_DAYS).map((day) => byDay.get(day) ?? { ...EMPTY_CALLS, key: day });
}

/** Talk minutes of talk milliseconds, to two decimals (the home dashboards). */
export function minutesOf(talkMs: number): number {
  return Math.round(talkMs / 600) / 100;
}
