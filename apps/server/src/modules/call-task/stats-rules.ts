import type { voiceFiguresSchema } from '@switchboard/contracts';
import type { z } from 'zod';
import { sumCounters } from '../../platform/daily-stats';
import type { RawCallFigures } from './stats-repo';

/**
 * The call statistics' pure rules: the figures a row shows from its stored counters and totals
 * (the periods and the daily series are the platform's: daily-stats). No I/O: unit-tested.
 */

/** What a row shows (see the contracts' `voiceFiguresSchema`). */
export type CallFigures = z.output<typeof voiceFiguresSchema>;

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
  return sumCounters(rows, EMPTY_CALLS);
}

/** Talk minutes of talk milliseconds, to two decimals (the home dashboards). */
export function minutesOf(talkMs: number): number {
  return Math.round(talkMs / 600) / 100;
}
